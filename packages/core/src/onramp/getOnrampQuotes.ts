import { type OnrampQuoteResponse, onrampQuoteResponseSchema } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { requestApi } from '../utils/requestApi.ts'
import { OnrampQuoteUnavailableError } from './onrampErrors.ts'

export type GetOnrampQuotesParameters = {
  /** The symbol to buy, e.g. `ETH`. */
  purchaseCurrency: string
  /** The provider's network name to receive on, e.g. `latch-devnet`. */
  network: string
  /** ISO 4217, e.g. `USD`. */
  paymentCurrency: string
  /** The fiat to pay, fees included, as decimal text (`"100"`). */
  amount: string
  /** `card` or `ach_bank_account`. */
  paymentMethod: string
  signal?: unknown
}

export type GetOnrampQuotesReturnType = OnrampQuoteResponse

export type GetOnrampQuotesErrorType = OnrampQuoteUnavailableError

/**
 * Every provider's quote for a purchase (`POST /v1/onramp/quote`), best first in `quotes`, each
 * with its fees; a provider that did not answer gives an `estimated` quote from the price feed.
 * A read: retried like a GET.
 */
export async function getOnrampQuotes(
  config: Pick<LatchConfig, 'apiUrl' | 'projectId' | 'fetch' | 'scheduler'>,
  parameters: GetOnrampQuotesParameters,
): Promise<GetOnrampQuotesReturnType> {
  return requestApi(config, {
    path: '/v1/onramp/quote',
    body: {
      purchaseCurrency: parameters.purchaseCurrency,
      paymentCurrency: parameters.paymentCurrency,
      amount: parameters.amount,
      network: parameters.network,
      paymentMethod: parameters.paymentMethod,
    },
    idempotent: true,
    signal: parameters.signal,
    schema: onrampQuoteResponseSchema,
    toError: (failure) => new OnrampQuoteUnavailableError(failure),
  })
}
