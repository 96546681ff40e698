/** Small readers shared by the web config's parsers: each pushes a readable issue. */

export type Issues = string[]

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

export function readString(
  source: Record<string, unknown>,
  key: string,
  path: string,
  issues: Issues,
  check?: { pattern: RegExp; expected: string },
): string {
  const value = source[key]
  if (typeof value !== 'string' || value.length === 0) {
    issues.push(`${path}${key}: expected a non-empty string.`)
    return ''
  }
  if (check && !check.pattern.test(value)) issues.push(`${path}${key}: expected ${check.expected}.`)
  return value
}

export const httpUrl = { pattern: /^https?:\/\/[^\s]+$/, expected: 'an http(s) URL' }
export const wsUrl = { pattern: /^wss?:\/\/[^\s]+$/, expected: 'a ws(s) URL' }
export const hex32 = { pattern: /^0x[0-9a-fA-F]{64}$/, expected: 'a 32-byte hex string' }
export const address = { pattern: /^0x[0-9a-fA-F]{40}$/, expected: 'a 0x-prefixed 40-hex address' }
