import { type ParsedOrigin, parseOrigin } from './parseOrigin.ts'
import { type OriginPattern, parseOriginPattern } from './parseOriginPattern.ts'

/**
 * Compiles origin patterns into one test over a parsed origin, without regular expressions:
 * the scheme and port compare exactly (`:*` allows any port or none), and the host label by
 * label (`https://*.example.com` allows one or more subdomain labels, not `example.com`).
 * `*` alone allows every origin. Patterns must already be valid (`parseOriginPattern`); an
 * invalid one is skipped. A string origin that does not parse (`parseOrigin`) never matches.
 */
export function createOriginMatcher(
  patterns: readonly string[],
): (origin: string | ParsedOrigin) => boolean {
  const parsed: OriginPattern[] = []
  for (const pattern of patterns) {
    const result = parseOriginPattern(pattern.trim())
    if (result.ok) parsed.push(result.pattern)
  }
  if (parsed.some((pattern) => pattern.kind === 'any')) return () => true
  return (input) => {
    const origin = typeof input === 'string' ? parseOrigin(input) : input
    if (!origin) return false
    return parsed.some((pattern) => matches(pattern, origin))
  }
}

function matches(pattern: OriginPattern, origin: ParsedOrigin): boolean {
  if (pattern.kind === 'any') return true
  if (pattern.scheme !== origin.scheme) return false
  if (pattern.port !== '*' && pattern.port !== origin.port) return false
  if (!pattern.subdomains) return pattern.host === origin.host
  // One or more whole labels, then exactly `.<host>`.
  const suffix = `.${pattern.host}`
  if (!origin.host.endsWith(suffix)) return false
  // One or more non-empty labels before it (scanned, not split: no allocation per label).
  const end = origin.host.length - suffix.length
  if (end === 0 || origin.host.startsWith('.')) return false
  const dots = origin.host.indexOf('..')
  return dots === -1 || dots >= end
}
