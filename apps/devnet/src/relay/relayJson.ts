import { safeJsonParse } from '@walletconnect/safe-json'

type JsonWithRaw = { rawJSON(text: string): unknown }

/**
 * Parses a relay frame. Integers with 17 or more digits (the SDKs' 19-digit request ids)
 * come back as exact bigints instead of rounded numbers.
 */
export function parseRelayJson(text: string): unknown {
  return safeJsonParse(text)
}

/**
 * Writes a relay frame. Bigints are written as bare JSON numbers with every digit kept:
 * safe-json's own stringify would write them as `"123n"` strings, which no client matches.
 */
export function stringifyRelayJson(value: unknown): string {
  return JSON.stringify(value, (_key, item: unknown) =>
    typeof item === 'bigint' ? (JSON as unknown as JsonWithRaw).rawJSON(item.toString()) : item,
  )
}
