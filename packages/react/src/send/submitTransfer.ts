import type { LatchConfig, ModalRouter, SendFlow, TransactionStackAction } from '@latch/core'
import type { QueryClient } from '@tanstack/react-query'
import { historyQueryKey } from '../account/historyQueryOptions.ts'
import { tokenBalancesQueryKey } from '../account/tokenBalancesQueryOptions.ts'
import { getErrorMessage, type Translate } from '../errors/getErrorMessage.ts'
import { getTransactionFlow } from '../transaction/getTransactionFlow.ts'

export type SubmitTransferParameters = {
  flow: SendFlow
  config: LatchConfig
  router: ModalRouter
  queryClient: QueryClient
  t: Translate
  wallet: { name: string; icon: string | undefined }
}

/**
 * Submits the Send flow and shows it in the modal: ApproveTransaction ("Approve in {wallet}")
 * over the form while the wallet signs and the receipt is awaited, then back. The flow (core)
 * checks, sends and empties the form; this adds the views, the toasts ("Sent 1.5 LUSD", or the
 * failure; a declined signature only shows on the form) and fresh account queries. Outlives
 * the views.
 */
export function submitTransfer(parameters: SubmitTransferParameters): void {
  const { flow, config, router, queryClient, t } = parameters
  const transaction = getTransactionFlow(router)
  if (transaction.getState().status !== 'idle') return
  const submitting = flow.submit()
  const pending = flow.getState().transfer
  // Not ready (the form now says why) or already under way.
  if (!pending) return

  let settled: Awaited<typeof submitting> | undefined
  const settle = () => {
    transaction.setState({ status: 'idle' })
    if (settled?.status === 'sent') {
      config.toasts.show({
        variant: 'success',
        message: t('send.sent', { amount: settled.amountText, symbol: settled.token.symbol }),
      })
      const { address, chainId, caipNetworkId: network, namespace } = flow.getState()
      const caipNetworkId = namespace === 'eip155' ? undefined : network
      void settled.refreshed.then(() =>
        Promise.all([
          queryClient.invalidateQueries({
            queryKey: tokenBalancesQueryKey(config, { address, chainId, caipNetworkId }).slice(
              0,
              4,
            ),
          }),
          queryClient.invalidateQueries({
            queryKey: historyQueryKey(config, { address, chainId, caipNetworkId }),
          }),
        ]),
      )
    } else if (settled?.status === 'failed')
      config.toasts.show({ variant: 'error', message: getErrorMessage(settled.error, t) })
  }
  // Back to the form only while the approval is what the modal shows: a person who closed
  // the modal meanwhile (or moved on) is not sent anywhere, yet still gets the outcome.
  const isApproving = () => {
    const state = router.getState()
    return state.open && state.history.at(-1)?.view === 'ApproveTransaction'
  }
  const action: TransactionStackAction = {
    get goBack() {
      return isApproving()
    },
    onSuccess: settle,
    onCancel: settle,
  }

  transaction.setState({
    status: 'approving',
    walletName: parameters.wallet.name,
    walletIcon: parameters.wallet.icon,
    amount: `${pending.amountText} ${pending.token.symbol}`,
    to: pending.toLabel,
  })
  const stopWatching = flow.subscribe((state) => {
    if (state.transfer?.status === 'confirming')
      transaction.setState((current) =>
        current.status === 'approving' ? { ...current, status: 'confirming' } : current,
      )
  })
  router.pushTransactionStack(action)
  router.push({ view: 'ApproveTransaction' })

  void submitting.then((result) => {
    stopWatching()
    settled = result
    if (result.status === 'sent') router.popTransactionStack()
    // Cancel goes back to the form; away from it, only the outcome is told.
    else router.popTransactionStack(isApproving())
  })
}
