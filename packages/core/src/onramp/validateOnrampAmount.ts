import type { OnrampPaymentCurrency } from '@latch/api-contract'

/**
 * What the Buy form can say about its amount, in English with `{placeholders}`; the React
 * layer shows `onramp.{key}` of its message table, which holds these keys in every language.
 */
export const onrampAmountMessages = {
  amountRequired: 'Enter an amount',
  invalidAmount: 'Enter a number above 0, such as 100',
  belowMinimum: 'The minimum for {method} is {min} {currency}',
  aboveMaximum: 'The maximum for {method} is {max} {currency}',
  methodUnavailable: '{method} is not available in {currency}',
} as const

export type OnrampAmountMessageKey = keyof typeof onrampAmountMessages

/** A message of `onrampAmountMessages` with its values. */
export type OnrampAmountMessage = {
  key: OnrampAmountMessageKey
  values: { method: string; currency: string; min: string; max: string }
}

/** One payment method's limits in one currency, as numbers. */
export type OnrampLimit = { min: number; max: number }

/** The limits of `method` when paying in `currency`; undefined when it is not offered there. */
export function getOnrampLimit(
  paymentCurrencies: readonly OnrampPaymentCurrency[],
  currency: string,
  method: string,
): OnrampLimit | undefined {
  const limit = paymentCurrencies
    .find((entry) => entry.id.toUpperCase() === currency.toUpperCase())
    ?.payment_method_limits.find((entry) => entry.id === method)
  if (!limit) return undefined
  return { min: Number(limit.min), max: Number(limit.max) }
}

/**
 * Checks a typed fiat amount against the payment method's limits: undefined when it can be
 * quoted, else the message to show (with the limits in it). Dot-decimal, at most 2 decimals.
 */
export function validateOnrampAmount(parameters: {
  amount: string
  currency: string
  method: string
  limit: OnrampLimit | undefined
}): OnrampAmountMessage | undefined {
  const { amount, currency, method, limit } = parameters
  const values = {
    method,
    currency,
    min: limit ? String(limit.min) : '',
    max: limit ? String(limit.max) : '',
  }
  if (!limit) return { key: 'methodUnavailable', values }
  const text = amount.trim()
  if (!text) return { key: 'amountRequired', values }
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(text) || !(Number(text) > 0))
    return { key: 'invalidAmount', values }
  const value = Number(text)
  if (value < limit.min) return { key: 'belowMinimum', values }
  if (value > limit.max) return { key: 'aboveMaximum', values }
  return undefined
}
