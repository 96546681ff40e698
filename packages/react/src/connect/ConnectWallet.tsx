import { useAccount } from '../hooks/useAccount.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { ConnectButton } from './ConnectButton.tsx'
import { loadConnectModal } from './loadConnectModal.ts'

/** The "Connect Wallet" button wired to the modal (prefetching its code on hover or focus). */
export function ConnectWallet() {
  const { status } = useAccount()
  const modal = useConnectModal()
  return (
    <ConnectButton
      onClick={modal.open}
      onIntent={() => void loadConnectModal().catch(() => {})}
      busy={status === 'reconnecting'}
    />
  )
}
