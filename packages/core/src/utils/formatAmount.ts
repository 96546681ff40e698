export type FormatAmountParameters = {
  /** Digits after the decimal point, always shown. Default 3. */
  fractionDigits?: number
  /** BCP 47 locale for grouping; default "en-US" so amounts read the same everywhere. */
  locale?: string
}

/**
 * Formats a decimal amount string from the API ("10000.5") for display, e.g. "10,000.500".
 * Non-numeric input gives "0" with the requested fraction digits.
 */
export function formatAmount(numeric: string, parameters: FormatAmountParameters = {}): string {
  const digits = parameters.fractionDigits ?? 3
  const value = Number(numeric)
  return (Number.isFinite(value) ? value : 0).toLocaleString(parameters.locale ?? 'en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
}
