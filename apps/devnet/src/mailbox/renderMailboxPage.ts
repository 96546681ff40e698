import { escapeHtml } from '../html/escapeHtml.ts'
import { getDevnetPageCsp } from '../html/getDevnetPageCsp.ts'
import { renderDevnetPage } from '../html/renderDevnetPage.ts'
import type { MailboxMessage } from './createMailbox.ts'

const style = `
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:52rem;padding:1.5rem;color:#1b1d21;background:#f6f7f9}
h1{font-size:1.4rem;margin:0 0 .25rem}
p.lead{margin:0 0 1.5rem;color:#555}
article{background:#fff;border:1px solid #dde1e6;border-radius:10px;padding:1rem 1.25rem;margin:0 0 1rem}
h2{font-size:1.05rem;margin:0 0 .25rem}
dl{display:grid;grid-template-columns:auto 1fr;gap:.1rem .75rem;margin:0 0 .75rem;color:#444;font-size:.9rem}
dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
.code{font:600 1.6rem/1.2 ui-monospace,monospace;letter-spacing:.15em;margin:.25rem 0 .75rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f3f4f6;padding:.75rem;border-radius:6px;margin:0}
a{color:#2554c7}
@media (prefers-color-scheme:dark){body{background:#111317;color:#e8eaee}article{background:#1b1e24;border-color:#2c313a}p.lead,dl{color:#aab}pre{background:#23272f}a{color:#8fb0ff}}
`

/**
 * The mailbox page's Content-Security-Policy: nothing runs, nothing loads, only its own inline
 * style (by hash), and no site may frame it.
 */
export const mailboxPageCsp = getDevnetPageCsp({ style })

/** The `GET /mailbox` page: the kept messages, newest first, every value escaped. */
export function renderMailboxPage(messages: readonly MailboxMessage[], filter?: string): string {
  const heading = filter ? `Messages to ${escapeHtml(filter)}` : 'Every message'
  const items = messages.map(renderMessage).join('\n')
  return renderDevnetPage({
    title: 'Latch devnet mailbox',
    style,
    body: `<main>
<h1>Latch devnet mailbox</h1>
<p class="lead">Mail the local stack sent (sign-in codes, device links), kept in memory: the last 200 messages. ${heading}, newest first. <a href="/mailbox">Refresh</a></p>
${items || '<p>No messages yet. Sign in with an email in the app and the code shows up here.</p>'}
</main>`,
  })
}

function renderMessage(message: MailboxMessage): string {
  const codes = message.codes.map((code) => `<p class="code">${escapeHtml(code)}</p>`).join('')
  const links = message.links
    .map((link) => `<p><a href="${escapeHtml(link)}" rel="noreferrer">${escapeHtml(link)}</a></p>`)
    .join('')
  return `<article>
<h2>${escapeHtml(message.subject || '(no subject)')}</h2>
<dl><dt>To</dt><dd>${escapeHtml(message.to.join(', '))}</dd><dt>From</dt><dd>${escapeHtml(message.from)}</dd><dt>Received</dt><dd><time datetime="${message.receivedAt}">${message.receivedAt.replace('T', ' ').slice(0, 19)} UTC</time></dd></dl>
${codes}${links}<pre>${escapeHtml(message.text)}</pre>
</article>`
}
