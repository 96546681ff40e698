import { createHash } from 'node:crypto'
import type { ApproveDeviceReturnType } from '../services/embeddedWallet/approveDevice.ts'

const style =
  'body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;line-height:1.5;color:#222}h1{font-size:1.4rem}'

/**
 * The page's Content-Security-Policy: nothing loads, nothing runs; only its own style block
 * (by hash), and no site may frame it.
 */
export const deviceApprovedPageCsp = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`

const texts: Record<ApproveDeviceReturnType, { title: string; body: string }> = {
  approved: { title: 'Device approved', body: 'Device approved. Go back to the app.' },
  used: {
    title: 'Link already used',
    body: 'This link was already used. If the device is still waiting, ask the app for a new link.',
  },
  expired: {
    title: 'Link expired',
    body: 'This link has expired. Ask the app for a new one by signing in again.',
  },
  unknown: {
    title: 'Link not valid',
    body: 'This link is not valid. Open the newest link from the email, or sign in again from the app.',
  },
}

/** The small HTML page the device-approval link opens (no script). */
export function renderDeviceApprovedPage(outcome: ApproveDeviceReturnType): string {
  const { title, body } = texts[outcome]
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${title} - Latch</title><style>${style}</style></head><body><h1>${title}</h1><p>${body}</p></body></html>`
}
