/** A CSP host-source the frame page may name: scheme, host (maybe `*.`), port (maybe `*`). */
const hostSource =
  /^https?:\/\/(?:\*\.)?[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?(?::(?:\*|\d{1,5}))?$/

/**
 * Turns the project's allowed-origin patterns (`GET /projects/v1/origins`, the API's syntax)
 * into CSP `frame-ancestors` source expressions. The two syntaxes agree for what the API
 * accepts: `https://app.example.com`, `https://*.example.com` (subdomains only, never the bare
 * domain), `http://localhost:*` (any port) and `*`. What CSP cannot say is left out rather than
 * widened: IPv6 hosts (CSP has no IPv6 literal) and anything not shaped like an origin pattern.
 * An empty answer means no page may frame the wallet.
 */
export function toFrameAncestors(patterns: readonly string[]): string[] {
  const sources = new Set<string>()
  for (const raw of patterns) {
    const pattern = raw.trim().toLowerCase().replace(/\/$/, '')
    if (pattern === '*') return ['*']
    if (hostSource.test(pattern) && !pattern.includes('..')) sources.add(pattern)
  }
  return [...sources]
}
