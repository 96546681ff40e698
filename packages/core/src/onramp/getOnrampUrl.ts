import { type OnrampUrlResponse, onrampUrlResponseSchema } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { requestApi } from '../utils/requestApi.ts'
import { OnrampUrlUnavailableError } from './onrampErrors.ts'

export type GetOnrampUrlParameters = {
  /** The connected address the purchase is delivered to. */
  address: string
  /** The provider id of the chosen quote, e.g. `coinbase`. */
  provider: string
  /** The provider's network name, e.g. `latch-devnet`. */
  network: string
  /** The symbol to buy, e.g. `ETH`. */
  purchaseCurrency: string
  /** ISO 4217, e.g. `USD`. */
  fiatCurrency: string
  /** The fiat amount to preset on the checkout, as decimal text. */
  amount: string
}

export type GetOnrampUrlReturnType = OnrampUrlResponse

export type GetOnrampUrlErrorType = OnrampUrlUnavailableError

/**
 * The provider's checkout URL for the connected address (`POST /v1/generators/onrampurl`):
 * the amount, currency and network preset, the address as the only destination. Not retried
 * (a provider session may be created per call).
 */
export async function getOnrampUrl(
  config: Pick<LatchConfig, 'apiUrl' | 'projectId' | 'fetch' | 'scheduler'>,
  parameters: GetOnrampUrlParameters,
): Promise<GetOnrampUrlReturnType> {
  const answer = await requestApi(config, {
    path: '/v1/generators/onrampurl',
    body: {
      destinationWallets: [
        {
          address: parameters.address,
          blockchains: [parameters.network],
          assets: [parameters.purchaseCurrency],
        },
      ],
      defaultNetwork: parameters.network,
      defaultExperience: 'buy',
      presetFiatAmount: Number(parameters.amount),
      fiatCurrency: parameters.fiatCurrency,
      purchaseCurrency: parameters.purchaseCurrency,
      provider: parameters.provider,
    },
    schema: onrampUrlResponseSchema,
    toError: (failure) => new OnrampUrlUnavailableError(failure),
  })
  // Only a web page may be opened: never a javascript: or data: URL from an answer.
  if (!/^https?:\/\//i.test(answer.url))
    throw new OnrampUrlUnavailableError({ details: 'The checkout URL is not an http(s) URL.' })
  return answer
}
