import {
  getTokenBalances,
  type LatchConfig,
  type ModalRouter,
  sendTransfer,
  type TransactionStackAction,
} from '@latch/core'
import type { QueryClient } from '@tanstack/react-query'
import { historyQueryKey } from '../account/historyQueryOptions.ts'
import { tokenBalancesQueryKey } from '../account/tokenBalancesQueryOptions.ts'
import { getErrorMessage, isUserRejection, type Translate } from '../errors/getErrorMessage.ts'
import { getTransactionFlow } from '../transaction/getTransactionFlow.ts'
import { emptySendDraft, getSendDraft } from './getSendDraft.ts'

export type SubmitTransferParameters = {
  config: LatchConfig
  router: ModalRouter
  queryClient: QueryClient
  t: Translate
  /** The sender and its chain. */
  address: string
  chainId: number
  wallet: { name: string; icon: string | undefined }
  token: { address: string | undefined; symbol: string }
  /** In the smallest unit, and as the person reads it ("1.5"). */
  amount: bigint
  amountText: string
  /** The receiver's address, and how to show it (the name when one was typed). */
  to: string
  toLabel: string
}

/**
 * Runs a transfer through the modal's transaction flow: opens ApproveTransaction ("Approve in
 * {wallet}") over the form, has the wallet sign, waits for the receipt, then ends the flow
 * (`popTransactionStack`). Sent: back to an emptied form, a success toast ("Sent 1.5 LUSD")
 * and fresh balances and activity. Declined: back to the form with its inputs and 'Signature
 * declined'. Failed: the same with the failure, and an error toast. Outlives the views.
 */
export function submitTransfer(parameters: SubmitTransferParameters): void {
  const { config, router, t } = parameters
  const flow = getTransactionFlow(router)
  const draft = getSendDraft(router)
  if (flow.getState().status !== 'idle') return

  let failure: unknown
  const settle = () => {
    flow.setState({ status: 'idle' })
    if (failure === undefined) {
      draft.setState(emptySendDraft)
      config.toasts.show({
        variant: 'success',
        message: t('send.sent', { amount: parameters.amountText, symbol: parameters.token.symbol }),
      })
      void refreshAccount(parameters)
      return
    }
    const declined = isUserRejection(failure)
    const message = declined ? t('error.signatureDeclined') : getErrorMessage(failure, t)
    draft.setState((state) => ({ ...state, failure: message }))
    if (!declined) config.toasts.show({ variant: 'error', message })
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

  draft.setState((state) => ({ ...state, failure: undefined }))
  flow.setState({
    status: 'approving',
    walletName: parameters.wallet.name,
    walletIcon: parameters.wallet.icon,
    amount: `${parameters.amountText} ${parameters.token.symbol}`,
    to: parameters.toLabel,
  })
  router.pushTransactionStack(action)
  router.push({ view: 'ApproveTransaction' })

  sendTransfer(config, {
    chainId: parameters.chainId,
    to: parameters.to,
    token: { address: parameters.token.address },
    amount: parameters.amount,
    onSubmitted: () =>
      flow.setState((state) =>
        state.status === 'approving' ? { ...state, status: 'confirming' } : state,
      ),
  }).then(
    () => router.popTransactionStack(),
    (error: unknown) => {
      failure = error
      // Cancel goes back to the form; away from it, only the outcome is told.
      router.popTransactionStack(isApproving())
    },
  )
}

/**
 * Fresh balances and activity after a transfer: the API re-reads the chain (`forceUpdate`,
 * past its 30 s cache), then the account's queries refetch.
 */
async function refreshAccount(parameters: SubmitTransferParameters): Promise<void> {
  const { config, queryClient, address, chainId } = parameters
  await getTokenBalances(config, { address, chainId, forceUpdate: true }).catch(() => undefined)
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: tokenBalancesQueryKey(config, { address, chainId }).slice(0, 4),
    }),
    queryClient.invalidateQueries({ queryKey: historyQueryKey(config, { address, chainId }) }),
  ])
}
