import { type BuyFlow, type LatchConfig, openOnrampWindow } from '@latch/core'
import type { QueryClient } from '@tanstack/react-query'
import { historyQueryKey } from '../account/historyQueryOptions.ts'
import { tokenBalancesQueryKey } from '../account/tokenBalancesQueryOptions.ts'
import { translateBuy } from './buyMessages.ts'

export type ContinueToProviderParameters = {
  flow: BuyFlow
  config: LatchConfig
  queryClient: QueryClient
  locale: string
}

/**
 * "Continue to {provider}": opens the checkout window now, in the click (a window opened after
 * an await is blocked), and hands it to the flow, which points it at the provider's checkout
 * and awaits the purchase. When the coins arrive: a toast ("Bought 0.033 ETH") and the
 * account's balances and Activity asked again. Outlives the view.
 */
export function continueToProvider(parameters: ContinueToProviderParameters): void {
  const { flow, config, queryClient, locale } = parameters
  const window = openOnrampWindow()
  void flow.continue({ window }).then((result) => {
    if (result.status !== 'purchased') return
    config.toasts.show({
      variant: 'success',
      message: translateBuy(locale, 'toast', { amount: result.amount, symbol: result.symbol }),
    })
    const { address, chainId } = flow.getState()
    void result.refreshed.then(() =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: tokenBalancesQueryKey(config, { address, chainId }).slice(0, 4),
        }),
        queryClient.invalidateQueries({ queryKey: historyQueryKey(config, { address, chainId }) }),
      ]),
    )
  })
}
