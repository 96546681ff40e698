/** Hex longer than an address: a private key, a signature, a raw transaction. */
const longHex = /0x[0-9a-fA-F]{41,}/g
/** Names of fields that hold secrets whatever their value looks like. */
const secretKey = /private|secret|mnemonic|seed|password|signature|^sig$|apikey|authorization/i
/** A JWT or similar bearer token. */
const bearer = /\beyJ[\w-]{8,}\.[\w-]{8,}\.[\w-]*/g
const maxString = 2_000
const maxDepth = 5
const maxItems = 50

/**
 * A copy of `value` safe for a bug report: addresses are kept (it is the user's own report),
 * but keys, signatures and tokens never are — fields named like secrets and any hex longer
 * than an address become "[redacted]". Errors keep their name and message; deep or huge
 * values are cut.
 */
export function scrubLogValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return scrubString(value)
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object')
    return typeof value === 'function' || typeof value === 'symbol' ? undefined : value
  if (depth >= maxDepth) return '[…]'
  if (value instanceof Error) {
    const details: Record<string, unknown> = { name: value.name, message: value.message }
    if ('shortMessage' in value) details.shortMessage = value.shortMessage
    if ('code' in value) details.code = value.code
    if (value.cause !== undefined) details.cause = value.cause
    return scrubLogValue(details, depth)
  }
  if (Array.isArray(value))
    return value.slice(0, maxItems).map((item) => scrubLogValue(item, depth + 1))
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value).slice(0, maxItems))
    copy[key] = secretKey.test(key) ? '[redacted]' : scrubLogValue(item, depth + 1)
  return copy
}

function scrubString(value: string): string {
  const cut = value.length > maxString ? `${value.slice(0, maxString)}…` : value
  return cut.replace(longHex, '[redacted]').replace(bearer, '[redacted]')
}
