import { useAccount } from '../hooks/useAccount.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { NetworksView } from './NetworksView.tsx'
import { useNetworkOptions } from './useNetworkOptions.ts'
import { useSwitchChain } from './useSwitchChain.ts'

/**
 * The Networks modal view wired to the wallet: picking another network switches to it and,
 * once the wallet has, goes back (closing the modal when it was opened on Networks).
 */
export function NetworksContainer() {
  const { chainId } = useAccount()
  const { router } = useConnectModal()
  const { t } = useMessages()
  const networks = useNetworkOptions()
  const switcher = useSwitchChain()
  return (
    <>
      <NetworksView
        networks={networks}
        currentId={chainId}
        pendingId={switcher.pendingChainId}
        error={switcher.error}
        note={switcher.declined ? t('networks.declined') : undefined}
        onSelect={(id) =>
          id === chainId ? router.back() : switcher.switchChain(id, { onSuccess: router.back })
        }
      />
      {/* Inside the dialog: outside it, a toast would sit under the backdrop, inert. */}
    </>
  )
}
