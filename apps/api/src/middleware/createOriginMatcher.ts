/**
 * `*`, or `http(s)://` and a host (DNS labels, `*` standing for subdomain labels, or an IPv6
 * literal) with an optional port or `:*`.
 */
export const originPatternRegex =
  /^(?:\*|https?:\/\/(?:\[[0-9a-fA-F:.]+\]|[a-zA-Z0-9*](?:[a-zA-Z0-9*.-]*[a-zA-Z0-9*])?)(?::(?:\d{1,5}|\*))?\/?)$/

/** Whether `value` is an origin pattern `createOriginMatcher` understands. */
export function isOriginPattern(value: string): boolean {
  return originPatternRegex.test(value)
}

/**
 * Compiles origin patterns into one test. `*` alone allows every origin; `:*` after the host
 * allows any port (or none); any other `*` stands for one or more subdomain labels, so
 * `https://*.example.com` allows `https://a.example.com` but not `https://example.com`.
 */
export function createOriginMatcher(patterns: readonly string[]): (origin: string) => boolean {
  if (patterns.includes('*')) return () => true
  const expressions = patterns.map((pattern) => {
    const escaped = pattern
      .toLowerCase()
      .replace(/\/+$/, '')
      .replace(/[.+?^${}()|[\]\\]/g, '\\$&')
    const source = escaped
      .replace(/:\*$/, '(?::\\d{1,5})?')
      .replaceAll('*', '[a-z0-9-]+(?:\\.[a-z0-9-]+)*')
    return new RegExp(`^${source}$`)
  })
  return (origin) => {
    const normalized = origin.toLowerCase()
    return expressions.some((expression) => expression.test(normalized))
  }
}
