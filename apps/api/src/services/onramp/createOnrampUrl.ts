import type { OnrampDestinationWallet, OnrampUrlResponse } from '@latch/api-contract'
import { InvalidRequestError } from '../../errors/request.ts'
import { findOnrampAsset } from './findOnrampAsset.ts'
import type { OnrampDeps } from './onrampDeps.ts'

export type CreateOnrampUrlParameters = {
  destinationWallets: readonly OnrampDestinationWallet[]
  defaultNetwork?: string | undefined
  partnerUserId?: string | undefined
  defaultExperience?: 'buy' | 'send' | undefined
  presetCryptoAmount?: number | undefined
  presetFiatAmount?: number | undefined
  /** A provider id; by default the first configured. */
  provider?: string | undefined
  /** ISO 4217; default USD. */
  fiatCurrency?: string | undefined
  /** A symbol to preselect, e.g. `ETH`. */
  purchaseCurrency?: string | undefined
  clientIp?: string | undefined
  signal?: AbortSignal | undefined
}

/**
 * The chosen provider's checkout URL for the destination wallets (`POST
 * /v1/generators/onrampurl`). The asset to preselect is translated to the provider's own id
 * and network name when its options list it on the default network (a chain id or name).
 */
export async function createOnrampUrl(
  deps: OnrampDeps,
  parameters: CreateOnrampUrlParameters,
): Promise<OnrampUrlResponse> {
  const provider = parameters.provider
    ? deps.providers.find((entry) => entry.info.id === parameters.provider)
    : deps.providers[0]
  if (!provider)
    throw new InvalidRequestError({
      message: `provider ${JSON.stringify(parameters.provider)} is not configured; configured: ${deps.providers.map((entry) => entry.info.id).join(', ')}.`,
    })
  let defaultNetwork = parameters.defaultNetwork
  let purchaseCurrency = parameters.purchaseCurrency
  const chainId = parameters.defaultNetwork?.replace(/^eip155:/, '')
  if (purchaseCurrency) {
    const options = await deps.optionsCache.get(provider, parameters.signal).catch(() => undefined)
    const asset = options
      ? (options.purchaseCurrencies
          .filter((currency) => currency.symbol.toUpperCase() === purchaseCurrency?.toUpperCase())
          .map((currency) =>
            findOnrampAsset(
              { paymentCurrencies: [], purchaseCurrencies: [currency] },
              {
                symbol: currency.symbol,
                chainId:
                  currency.networks.find(
                    (network) => network.chain_id === chainId || network.name === defaultNetwork,
                  )?.chain_id ??
                  currency.networks[0]?.chain_id ??
                  '',
              },
            ),
          )
          .find((found) => found !== undefined) ?? undefined)
      : undefined
    if (asset) {
      purchaseCurrency = asset.currency.id
      defaultNetwork = asset.network.name
    }
  }
  const url = await provider.createCheckoutUrl({
    wallets: parameters.destinationWallets,
    defaultNetwork,
    purchaseCurrency,
    partnerUserId: parameters.partnerUserId,
    defaultExperience: parameters.defaultExperience,
    presetFiatAmount: parameters.presetFiatAmount,
    presetCryptoAmount: parameters.presetCryptoAmount,
    fiatCurrency: (parameters.fiatCurrency ?? 'USD').toUpperCase(),
    clientIp: parameters.clientIp,
    signal: parameters.signal,
  })
  return { url, provider: provider.info.id }
}
