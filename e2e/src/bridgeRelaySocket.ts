import type { Page } from '@playwright/test'
import { WebSocket } from 'ws'

/**
 * Carries the page's WalletConnect sockets to `relayUrl` (a relay the test owns and may stop)
 * instead of the shared relay the page is configured with, frame by frame. When the test's
 * relay is down, the page's socket closes as it would against a dead relay.
 */
export async function bridgeRelaySocket(
  page: Page,
  options: { pageRelayUrl: string; relayUrl: string },
): Promise<void> {
  const prefix = options.pageRelayUrl.replace(/\/+$/, '')
  await page.routeWebSocket(
    (url) => url.href.startsWith(prefix),
    (route) => {
      const target = new URL(route.url())
      const upstream = new WebSocket(`${options.relayUrl}${target.pathname}${target.search}`)
      const queued: string[] = []
      route.onMessage((message) => {
        const text = String(message)
        if (upstream.readyState === WebSocket.OPEN) upstream.send(text)
        else queued.push(text)
      })
      route.onClose(() => upstream.close())
      upstream.on('open', () => {
        for (const text of queued.splice(0)) upstream.send(text)
      })
      upstream.on('message', (data) => route.send(String(data)))
      upstream.on('close', (code, reason) =>
        route.close({ code: code === 1005 || code === 1006 ? 1001 : code, reason: String(reason) }),
      )
      upstream.on('error', () => {})
    },
  )
}
