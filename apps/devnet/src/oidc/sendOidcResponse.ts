import type { ServerResponse } from 'node:http'

/** A page (with its Content-Security-Policy), plain text or JSON. */
export type OidcResponseBody = { html: string; csp: string } | { text: string } | { json: unknown }

/**
 * Answers a request of the local OpenID provider's own routes (login page, user endpoints) with
 * the headers every answer carries: never cached, never framed, no referrer, no sniffing.
 */
export function sendOidcResponse(
  res: ServerResponse,
  status: number,
  body: OidcResponseBody,
  headers: Record<string, string> = {},
): void {
  const common = {
    'Cache-Control': 'no-store',
    'Referrer-Policy': 'no-referrer',
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    ...headers,
  }
  if ('html' in body) {
    res.writeHead(status, {
      ...common,
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': body.csp,
    })
    res.end(body.html)
  } else if ('text' in body) {
    res.writeHead(status, { ...common, 'Content-Type': 'text/plain; charset=utf-8' })
    res.end(body.text)
  } else {
    res.writeHead(status, { ...common, 'Content-Type': 'application/json; charset=utf-8' })
    res.end(JSON.stringify(body.json))
  }
}
