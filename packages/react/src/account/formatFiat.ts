export type FormatFiatParameters = {
  /** ISO 4217, any case: 'usd', 'EUR'. */
  currency: string
  /** BCP 47 locale; default en-US (spec section 9: number formatting default 2 decimals, en-US). */
  locale?: string | undefined
}

/** A fiat amount with its currency, always 2 decimals: "$1,234.50", "1234,50 $". */
export function formatFiat(value: number, parameters: FormatFiatParameters): string {
  return new Intl.NumberFormat(parameters.locale ?? 'en-US', {
    style: 'currency',
    currency: parameters.currency.toUpperCase(),
    // "$" rather than "US$" where the locale has a narrow symbol.
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number.isFinite(value) ? value : 0)
}
