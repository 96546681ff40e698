/**
 * The inverse of `parseTokenAmount`: an amount in the smallest unit as the plain dot-decimal text the amount field
 * takes ("1.5"), every significant digit kept.
 */
export function formatTokenUnits(value: bigint, decimals: number): string {
  const negative = value < 0n
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}
