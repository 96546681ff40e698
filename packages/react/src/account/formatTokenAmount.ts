import { formatAmount } from '@latch/core'

/** Token amounts are shown to 3 decimals (spec section 9). */
export const tokenAmountDigits = 3

/** A decimal token amount from the API ("1000.5") to 3 decimals: "1,000.500" in en-US. */
export function formatTokenAmount(numeric: string, locale = 'en-US'): string {
  return formatAmount(numeric, { fractionDigits: tokenAmountDigits, locale })
}

/**
 * A moved amount with its direction's sign: "+1.500" in, "−1.500" out (a real minus sign),
 * unsigned for a transfer to oneself.
 */
export function formatSignedTokenAmount(
  numeric: string,
  direction: 'in' | 'out' | 'self',
  locale = 'en-US',
): string {
  const amount = formatTokenAmount(numeric.replace(/^-/, ''), locale)
  return direction === 'in' ? `+${amount}` : direction === 'out' ? `\u2212${amount}` : amount
}
