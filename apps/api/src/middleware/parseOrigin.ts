/** The parts of an `Origin` header that origin patterns compare. */
export type ParsedOrigin = {
  /** `http:`, `https:`, another scheme, or `null` for an opaque origin (`Origin: null`). */
  scheme: string
  /** Lower-case host as the URL parser writes it (IPv6 in brackets); empty for `null`. */
  host: string
  /** `''` for the scheme's default port. */
  port: string
}

/** No browser sends a longer origin; longer ones are refused before any matching. */
export const maxOriginLength = 300

/**
 * Parses an `Origin` header value (`scheme://host[:port]`, or `null`); undefined when it is
 * longer than 300 characters or is not a serialized origin (a path, a query, credentials).
 */
export function parseOrigin(value: string): ParsedOrigin | undefined {
  if (value.length > maxOriginLength) return undefined
  if (value === 'null') return { scheme: 'null', host: '', port: '' }
  const schemeEnd = value.indexOf('://')
  if (schemeEnd <= 0) return undefined
  const authority = value.slice(schemeEnd + 3)
  if (authority === '' || /[/?#@\\\s]/.test(authority)) return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  if (url.host === '') return undefined
  return { scheme: url.protocol, host: url.hostname, port: url.port }
}
