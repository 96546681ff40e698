import type { Mail } from './mailer.ts'

/** What a code is for, in the email's words. */
export type CodeEmailKind = 'login' | 'email_update_primary' | 'email_update_secondary' | 'export'

const intro: Record<CodeEmailKind, string> = {
  login: 'Use it to sign in.',
  email_update_primary: 'Use it to confirm changing the email of your account.',
  email_update_secondary: 'Use it to confirm this new email for your account.',
  export: 'Use it to show your private key. Never share the key with anyone.',
}

/**
 * The one-time code email. The code stands alone at the start of the subject so mail clients
 * and the devnet mailbox show it at a glance.
 */
export function renderCodeEmail({
  to,
  code,
  kind,
  ttlMinutes,
}: {
  to: string
  code: string
  kind: CodeEmailKind
  ttlMinutes: number
}): Mail {
  const line = `Your Latch code is ${code}. It expires in ${ttlMinutes} minutes.`
  const ignore = 'If you did not ask for it, ignore this email: nothing happens without the code.'
  return {
    to,
    subject: `${code} is your Latch code`,
    text: `${line}\n\n${intro[kind]}\n\n${ignore}\n`,
    html: page(
      `<p>Your Latch code is</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p><p>It expires in ${ttlMinutes} minutes. ${escapeHtml(intro[kind])}</p><p style="color:#666">${escapeHtml(ignore)}</p>`,
    ),
  }
}

/** The device-approval email: a link that approves the device asking to sign in. */
export function renderDeviceEmail({
  to,
  link,
  ttlMinutes,
}: {
  to: string
  link: string
  ttlMinutes: number
}): Mail {
  const ignore = 'If you did not try to sign in, ignore this email: the device stays blocked.'
  return {
    to,
    subject: 'Approve this device to sign in to Latch',
    text: `A new device is signing in to your Latch wallet. Open this link to approve it (it expires in ${ttlMinutes} minutes):\n\n${link}\n\n${ignore}\n`,
    html: page(
      `<p>A new device is signing in to your Latch wallet.</p><p><a href="${escapeHtml(link)}">Approve this device</a></p><p>The link expires in ${ttlMinutes} minutes.</p><p style="color:#666">${escapeHtml(ignore)}</p>`,
    ),
  }
}

function page(body: string): string {
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${body}</body></html>`
}

/** Escapes text for HTML (element content and quoted attributes). */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
}
