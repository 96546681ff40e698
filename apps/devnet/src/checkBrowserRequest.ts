export type CheckBrowserRequestParameters = {
  /** The request's `Origin` header; absent for Node clients and curl. */
  origin: string | null | undefined
  /** The request's `Host` header. */
  host: string | null | undefined
  /** Origins allowed besides loopback pages and browser extensions, e.g. `https://wallet.example`. */
  allowedOrigins?: readonly string[] | undefined
  /** Host names allowed besides loopback, e.g. a LAN address the devnet is published on. */
  allowedHosts?: readonly string[] | undefined
}

export type CheckBrowserRequestReturnType =
  | { allowed: true }
  | { allowed: false; code: 'FORBIDDEN_ORIGIN' | 'FORBIDDEN_HOST'; message: string }

const loopbackHosts = new Set(['localhost', '127.0.0.1', '[::1]'])
/** Chrome ids are 32 letters, Firefox uses a UUID, Safari an uppercase UUID. */
const extensionOrigin =
  /^(chrome-extension|moz-extension|safari-web-extension):\/\/[0-9A-Za-z-]{1,64}$/
/** Longer than any real origin or host; refused before parsing. */
const maxLength = 300

/**
 * Decides whether a devnet service (anvil, relay, faucet, NFT server) answers a request, so a
 * page the user visits cannot drive it: a cross-site page by its `Origin`, a DNS-rebinding page
 * by its `Host`. Requests with no `Origin` (Node, curl), from loopback pages on any port, from
 * browser extensions (wallets) and from the configured origins pass.
 */
export function checkBrowserRequest({
  origin,
  host,
  allowedOrigins = [],
  allowedHosts = [],
}: CheckBrowserRequestParameters): CheckBrowserRequestReturnType {
  if (host !== undefined && host !== null) {
    const hostname = parseHostname(host)
    if (
      hostname === undefined ||
      !(loopbackHosts.has(hostname) || allowedHosts.some((name) => name.toLowerCase() === hostname))
    )
      return {
        allowed: false,
        code: 'FORBIDDEN_HOST',
        message: `Host "${host.slice(0, 100)}" is not served here: use 127.0.0.1 or localhost.`,
      }
  }
  if (origin === undefined || origin === null) return { allowed: true }
  if (isAllowedOrigin(origin, allowedOrigins, allowedHosts)) return { allowed: true }
  return {
    allowed: false,
    code: 'FORBIDDEN_ORIGIN',
    message: `Origin "${origin.slice(0, 100)}" may not use the devnet services.`,
  }
}

function isAllowedOrigin(
  origin: string,
  allowedOrigins: readonly string[],
  allowedHosts: readonly string[],
): boolean {
  if (origin.length > maxLength) return false
  if (extensionOrigin.test(origin)) return true
  const lower = origin.toLowerCase()
  if (allowedOrigins.some((allowed) => allowed.replace(/\/+$/, '').toLowerCase() === lower))
    return true
  if (!URL.canParse(origin)) return false
  const url = new URL(origin)
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false
  // An origin is scheme, host and port only: anything more is not a browser's Origin header.
  if (url.origin !== lower) return false
  return (
    loopbackHosts.has(url.hostname) ||
    allowedHosts.some((name) => name.toLowerCase() === url.hostname)
  )
}

/** `127.0.0.1:4172` -> `127.0.0.1`, `[::1]:80` -> `[::1]`; undefined when it is not a host. */
function parseHostname(host: string): string | undefined {
  if (host.length === 0 || host.length > maxLength || /[\s/\\?#@]/.test(host)) return undefined
  if (!URL.canParse(`http://${host}`)) return undefined
  // URL lowercases and turns `127.1` into 127.0.0.1, which is the same loopback address.
  return new URL(`http://${host}`).hostname
}
