import { useSyncExternalStore } from 'react'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { ApproveTransaction } from './ApproveTransaction.tsx'
import { getTransactionFlow } from './getTransactionFlow.ts'

/** ApproveTransaction wired to the modal's transaction flow (lazily loaded). */
export default function ApproveTransactionContainer() {
  const { router } = useConnectModal()
  const flow = getTransactionFlow(router)
  const state = useSyncExternalStore(flow.subscribe, flow.getState)
  if (state.status === 'idle') return null
  return (
    <ApproveTransaction
      walletName={state.walletName}
      walletIcon={state.walletIcon}
      status={state.status}
      amount={state.amount}
      to={state.to}
    />
  )
}
