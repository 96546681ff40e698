type Origin = { scheme: string; host: string; port: string }
type Pattern =
  | { any: true }
  | { any: false; scheme: string; host: string; subdomains: boolean; port: string }

/**
 * Whether a page's origin (`location.origin`) is one the project's allowed-origin patterns
 * (`GET /projects/v1/origins`) allow, by the API's rules and without regular expressions:
 * the scheme and port compare exactly (a scheme's default port is no port; `:*` allows any
 * port or none), `*.` as the leftmost label allows one or more whole subdomain labels (never
 * the bare domain), and `*` alone allows every origin. A pattern or origin that does not parse
 * allows nothing.
 */
export function isOriginAllowed(origin: string, patterns: readonly string[]): boolean {
  const parsed = patterns.map(toPattern)
  if (parsed.some((pattern) => pattern?.any)) return true
  const page = toOrigin(origin)
  if (!page) return false
  return parsed.some((pattern) => pattern !== undefined && !pattern.any && matches(pattern, page))
}

function matches(pattern: Exclude<Pattern, { any: true }>, origin: Origin): boolean {
  if (pattern.scheme !== origin.scheme) return false
  if (pattern.port !== '*' && pattern.port !== origin.port) return false
  if (!pattern.subdomains) return pattern.host === origin.host
  const suffix = `.${pattern.host}`
  if (!origin.host.endsWith(suffix)) return false
  const end = origin.host.length - suffix.length
  if (end === 0 || origin.host.startsWith('.')) return false
  const dots = origin.host.indexOf('..')
  return dots === -1 || dots >= end
}

const defaultPort = (scheme: string) =>
  scheme === 'https:' ? '443' : scheme === 'http:' ? '80' : ''

function toPattern(value: string): Pattern | undefined {
  const trimmed = value.trim()
  if (trimmed === '*') return { any: true }
  let lower = trimmed.toLowerCase()
  if (lower.endsWith('/')) lower = lower.slice(0, -1)
  const schemeEnd = lower.indexOf('://')
  if (schemeEnd <= 0) return undefined
  const scheme = `${lower.slice(0, schemeEnd)}:`
  const authority = lower.slice(schemeEnd + 3)
  const hostEnd = authority.startsWith('[') ? authority.indexOf(']') + 1 : authority.indexOf(':')
  const host = hostEnd <= 0 ? authority : authority.slice(0, hostEnd)
  const portPart = hostEnd <= 0 ? '' : authority.slice(hostEnd)
  let port = ''
  if (portPart === ':*') port = '*'
  else if (portPart !== '') {
    const digits = portPart.slice(1)
    if (digits === '' || digits.length > 5 || [...digits].some((c) => c < '0' || c > '9'))
      return undefined
    port = String(Number(digits))
  }
  if (port === defaultPort(scheme)) port = ''
  const subdomains = host.startsWith('*.')
  const bareHost = subdomains ? host.slice(2) : host
  if (bareHost === '' || bareHost.includes('*') || bareHost.includes('/')) return undefined
  return { any: false, scheme, host: bareHost, subdomains, port }
}

function toOrigin(value: string): Origin | undefined {
  if (value.length > 300 || value === 'null') return undefined
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return undefined
  }
  // An origin only: no path, query, fragment or credentials.
  if (value.endsWith('/') || url.pathname !== '/' || url.search || url.hash || url.username)
    return undefined
  return { scheme: url.protocol, host: url.hostname, port: url.port }
}
