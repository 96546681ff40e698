import { createSwapFlow, type LatchConfig, type ModalRouter, type SwapFlow } from '@latch/core'
import type { QueryClient } from '@tanstack/react-query'
import { historyQueryKey } from '../account/historyQueryOptions.ts'
import { tokenBalancesQueryKey } from '../account/tokenBalancesQueryOptions.ts'
import type { Translate } from '../errors/getErrorMessage.ts'
import { getSwapErrorMessage } from './getSwapErrorMessage.ts'
import type { SwapTranslate } from './swapMessages.ts'

/** What the flow's toasts need from the latest render: the texts and the query client. */
export type SwapFlowContext = { t: Translate; ts: SwapTranslate; queryClient: QueryClient }

const flows = new WeakMap<ModalRouter, { flow: SwapFlow; context: { current?: SwapFlowContext } }>()

/**
 * The Swap flow of a provider's modal (`createSwapFlow` of core), keyed by its router like
 * `getSendFlow`: it outlives the views (Swap, the token picker, Swap again, the modal closed
 * while a swap confirms). Its events become toasts (pending, success, error) and fresh
 * balances and Activity, whichever view is shown.
 */
export function getSwapFlow(
  router: ModalRouter,
  config: LatchConfig,
  context: SwapFlowContext,
): SwapFlow {
  let entry = flows.get(router)
  if (!entry) {
    const created = { flow: createSwapFlow(config), context: {} as { current?: SwapFlowContext } }
    created.flow.onEvent((event) => {
      const current = created.context.current
      if (!current) return
      const { t, ts, queryClient } = current
      const symbolOf = () => {
        const state = created.flow.getState()
        return state.tokens.find((token) => token.address === state.from)?.symbol ?? ''
      }
      if (event.type === 'submitted')
        config.toasts.show({
          variant: 'loading',
          message:
            event.kind === 'approve'
              ? ts('approvalPending', { symbol: symbolOf() })
              : ts('swapPending'),
        })
      else if (event.type === 'approved')
        config.toasts.show({
          variant: 'success',
          message: ts('approved', { symbol: event.symbol }),
        })
      else if (event.type === 'failed')
        config.toasts.show({ variant: 'error', message: getSwapErrorMessage(event.error, t, ts) })
      else {
        config.toasts.show({
          variant: 'success',
          message: ts('swapped', {
            from: `${event.from.amount} ${event.from.symbol}`,
            to: `${event.to.amount} ${event.to.symbol}`,
          }),
        })
        const { address, chainId } = created.flow.getState()
        void event.refreshed.then(() =>
          Promise.all([
            queryClient.invalidateQueries({
              queryKey: tokenBalancesQueryKey(config, { address, chainId }).slice(0, 4),
            }),
            queryClient.invalidateQueries({
              queryKey: historyQueryKey(config, { address, chainId }),
            }),
          ]),
        )
      }
    })
    entry = created
    flows.set(router, entry)
  }
  entry.context.current = context
  return entry.flow
}
