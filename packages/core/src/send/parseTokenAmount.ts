export type ParsedTokenAmount =
  | { status: 'empty' }
  /** Not a plain decimal number ("1,5", "abc", "1.2.3", "-1"). */
  | { status: 'invalid' }
  /** More digits after the point than the token has decimals. */
  | { status: 'tooManyDecimals' }
  /** In the token's smallest unit. */
  | { status: 'valid'; value: bigint }

/** Arabic-Indic and Persian digits, and the Arabic decimal separator, as typed on those keyboards. */
function toAsciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u066b]/g, (char) => {
    const code = char.charCodeAt(0)
    if (code === 0x066b) return '.'
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660)
  })
}

/**
 * Reads an amount typed in the Send form into the token's smallest unit, exactly (no floating
 * point, no rounding). The decimal separator is a dot whatever the locale ("1.5", ".5", "5."),
 * so "1,500" can never mean 1.5 in one language and 1500 in another; a comma is refused.
 */
export function parseTokenAmount(text: string, decimals: number): ParsedTokenAmount {
  const trimmed = toAsciiDigits(text.trim())
  if (!trimmed) return { status: 'empty' }
  const match = /^(\d*)(?:\.(\d*))?$/.exec(trimmed)
  const whole = match?.[1] ?? ''
  const fraction = (match?.[2] ?? '').replace(/0+$/, '')
  if (!match || (!whole && !match[2])) return { status: 'invalid' }
  if (fraction.length > decimals) return { status: 'tooManyDecimals' }
  const scale = 10n ** BigInt(decimals)
  const value = BigInt(whole || '0') * scale + BigInt(fraction.padEnd(decimals, '0') || '0')
  return { status: 'valid', value }
}
