import type { OnrampPaymentCurrency, OnrampPurchaseCurrency } from '@latch/api-contract'
import type { OnrampOptions } from './onrampProvider.ts'

/**
 * Several providers' options as one list: payment currencies by id, each payment method with
 * the widest limits any provider takes; purchase currencies by symbol, with every network any
 * provider delivers on (by chain id, the first provider's names kept). Order of first sight.
 */
export function mergeOnrampOptions(all: readonly OnrampOptions[]): OnrampOptions {
  const payment = new Map<string, OnrampPaymentCurrency>()
  const purchase = new Map<string, OnrampPurchaseCurrency>()
  for (const options of all) {
    for (const currency of options.paymentCurrencies) {
      const merged = payment.get(currency.id) ?? { id: currency.id, payment_method_limits: [] }
      for (const limit of currency.payment_method_limits) {
        const known = merged.payment_method_limits.find((entry) => entry.id === limit.id)
        if (!known) merged.payment_method_limits.push({ ...limit })
        else {
          if (Number(limit.min) < Number(known.min)) known.min = limit.min
          if (Number(limit.max) > Number(known.max)) known.max = limit.max
        }
      }
      payment.set(currency.id, merged)
    }
    for (const currency of options.purchaseCurrencies) {
      const merged = purchase.get(currency.symbol) ?? { ...currency, networks: [] }
      for (const network of currency.networks)
        if (!merged.networks.some((known) => known.chain_id === network.chain_id))
          merged.networks.push({ ...network })
      purchase.set(currency.symbol, merged)
    }
  }
  return { paymentCurrencies: [...payment.values()], purchaseCurrencies: [...purchase.values()] }
}
