import { lazy, Suspense } from 'react'
import { useAccount } from '../hooks/useAccount.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { ConnectButton } from './ConnectButton.tsx'
import { loadConnectModal } from './loadConnectModal.ts'

/** Loaded only when a connection ended with an error (never before it). */
const ConnectAlert = lazy(() => import('./ConnectAlert.tsx'))

/**
 * The "Connect Wallet" button wired to the modal (prefetching its code on hover or focus),
 * and under it the alert of a connection that ended by itself (e.g. 'Session Expired').
 */
export function ConnectWallet() {
  const { status } = useAccount()
  const { error } = useLatchState()
  const modal = useConnectModal()
  return (
    <>
      <ConnectButton
        onClick={modal.open}
        onIntent={() => void loadConnectModal().catch(() => {})}
        busy={status === 'reconnecting'}
      />
      {error && status === 'disconnected' ? (
        <Suspense fallback={null}>
          <ConnectAlert error={error} />
        </Suspense>
      ) : null}
    </>
  )
}
