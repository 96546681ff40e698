import type { OnrampNetwork, OnrampProviderQuote } from '@latch/api-contract'
import type { Address } from 'viem'
import type { ApiNetwork } from '../../network.ts'
import { type Currency, nativeTokenAddress, type PriceSource } from '../prices/priceSource.ts'
import type { OnrampProvider } from './onrampProvider.ts'

export type EstimateOnrampQuoteParameters = {
  provider: OnrampProvider
  symbol: string
  network: OnrampNetwork
  /** ISO 4217, upper case. */
  paymentCurrency: string
  amount: string
}

/**
 * A quote made without the provider: the price feed's price of the asset and the provider's
 * usual fee, no network fee; `estimated: true`. Undefined when the price is unknown (another
 * chain, a currency the feed does not speak): an estimate is never made up.
 */
export async function estimateOnrampQuote(
  { prices, networks }: { prices: PriceSource; networks: readonly ApiNetwork[] },
  { provider, symbol, network, paymentCurrency, amount }: EstimateOnrampQuoteParameters,
): Promise<OnrampProviderQuote | undefined> {
  const currency = paymentCurrency.toLowerCase() as Currency
  if (!prices.currencies.includes(currency)) return undefined
  const served = networks.find((entry) => String(entry.id) === network.chain_id)
  if (!served) return undefined
  const contract = network.contract_address.toLowerCase()
  const isNative =
    contract === '' ||
    contract === nativeTokenAddress ||
    contract === '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
  const token = isNative
    ? { address: nativeTokenAddress, decimals: served.nativeCurrency.decimals }
    : served.tokens.find((entry) => entry.address.toLowerCase() === contract)
  if (!token) return undefined
  const address = token.address as Address
  const price = await prices
    .getPrices({ chainId: served.id, tokens: [{ address, decimals: token.decimals }], currency })
    .then((found) => found.get(address))
    .catch(() => undefined)
  if (price === undefined || !(price > 0)) return undefined
  const total = Number(amount)
  const fee = roundCents((total * provider.feePercent) / 100)
  const subtotal = roundCents(total - fee)
  const fiat = (value: number) => ({ amount: value.toFixed(2), currency: paymentCurrency })
  return {
    provider: provider.info,
    paymentTotal: fiat(total),
    paymentSubtotal: fiat(subtotal),
    purchaseAmount: { amount: formatCrypto(subtotal / price), currency: symbol },
    providerFee: fiat(fee),
    networkFee: fiat(0),
    quoteId: `estimated-${provider.info.id}-${crypto.randomUUID()}`,
    estimated: true,
  }
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100
}

/** Up to 8 decimals, trailing zeros dropped. */
function formatCrypto(value: number): string {
  return value.toFixed(8).replace(/\.?0+$/, '') || '0'
}
