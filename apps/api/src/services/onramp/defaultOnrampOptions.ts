import type { OnrampPaymentCurrency, OnrampPurchaseCurrency } from '@latch/api-contract'
import type { ApiNetwork } from '../../network.ts'
import { nativeTokenAddress } from '../prices/priceSource.ts'
import type { OnrampOptions } from './onrampProvider.ts'

/** Spec sections 8-9: card 10-7,500 and bank account 10-25,000, in USD and EUR. */
export const defaultOnrampPaymentCurrencies: readonly OnrampPaymentCurrency[] = ['USD', 'EUR'].map(
  (id) => ({
    id,
    payment_method_limits: [
      { id: 'card', min: '10.00', max: '7500.00' },
      { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
    ],
  }),
)

/** The name a provider would give a network: its name in lower case, words joined by `-`. */
export function toOnrampNetworkName(network: Pick<ApiNetwork, 'name'>): string {
  return network.name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * The built-in list the options fall back to when no provider answers: the default payment
 * currencies, and each served network's native coin as the purchase currencies.
 */
export function getDefaultOnrampOptions(networks: readonly ApiNetwork[]): OnrampOptions {
  const bySymbol = new Map<string, OnrampPurchaseCurrency>()
  for (const network of networks) {
    const symbol = network.nativeCurrency.symbol.toUpperCase()
    const currency = bySymbol.get(symbol) ?? {
      id: symbol,
      name: network.nativeCurrency.name,
      symbol,
      networks: [],
    }
    currency.networks.push({
      name: toOnrampNetworkName(network),
      display_name: network.name,
      chain_id: String(network.id),
      contract_address: nativeTokenAddress,
    })
    bySymbol.set(symbol, currency)
  }
  return {
    paymentCurrencies: defaultOnrampPaymentCurrencies.map((currency) => ({
      ...currency,
      payment_method_limits: currency.payment_method_limits.map((limit) => ({ ...limit })),
    })),
    purchaseCurrencies: [...bySymbol.values()],
  }
}
