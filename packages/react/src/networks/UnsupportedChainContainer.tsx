import '../i18n/laterMessages.ts'
import { useDisconnectAccount } from '../account/useDisconnectAccount.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { UnsupportedChainView } from './UnsupportedChainView.tsx'
import { useNetworkOptions } from './useNetworkOptions.ts'
import { useSwitchChain } from './useSwitchChain.ts'

/** The UnsupportedChain modal view wired up: switch to a configured network, or disconnect. */
export function UnsupportedChainContainer() {
  const { router } = useConnectModal()
  const { t } = useMessages()
  const networks = useNetworkOptions()
  const switcher = useSwitchChain()
  const disconnector = useDisconnectAccount({ onDisconnected: router.close })
  return (
    <>
      <UnsupportedChainView
        networks={networks}
        pendingId={switcher.pendingChainId}
        error={switcher.error}
        note={switcher.declined ? t('networks.declined') : undefined}
        // Back from a history holding UnsupportedChain closes the modal (router rule).
        onSelect={(id) => switcher.switchChain(id, { onSuccess: router.back })}
        onDisconnect={disconnector.disconnect}
        disconnecting={disconnector.isPending}
      />
      {/* Inside the dialog: outside it, a toast would sit under the backdrop, inert. */}
    </>
  )
}
