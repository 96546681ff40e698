import '../i18n/laterMessages.ts'
import { useMemo } from 'react'
import { useAccount } from '../hooks/useAccount.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { getNetworkGroups } from './getNetworkGroups.ts'
import { NamespaceNetworksView } from './NamespaceNetworksView.tsx'
import { NetworksView } from './NetworksView.tsx'
import { useNetworkOptions } from './useNetworkOptions.ts'
import { useSwitchChain } from './useSwitchChain.ts'
import { useSwitchNetwork } from './useSwitchNetwork.ts'

/**
 * The Networks modal view wired to the wallet: picking another network switches to it and,
 * once the wallet has, goes back (closing the modal when it was opened on Networks). With
 * Solana or Bitcoin networks, every namespace's networks under their headings; picking one
 * of a namespace with no wallet connected opens the Connect view for that namespace.
 */
export function NetworksContainer() {
  const { caipNetworks } = useConfig()
  const multiNamespace = caipNetworks.some(
    (network) => network.namespace === 'solana' || network.namespace === 'bip122',
  )
  return multiNamespace ? <NamespaceNetworksContainer /> : <EvmNetworksContainer />
}

function EvmNetworksContainer() {
  const { chainId } = useAccount()
  const { router } = useConnectModal()
  const { t } = useMessages()
  const networks = useNetworkOptions()
  const switcher = useSwitchChain()
  return (
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
  )
}

function NamespaceNetworksContainer() {
  const { caipNetworks } = useConfig()
  const { caipNetworkId, status } = useLatchState()
  const { router } = useConnectModal()
  const { t } = useMessages()
  const groups = useMemo(() => getNetworkGroups(caipNetworks), [caipNetworks])
  const switcher = useSwitchNetwork()
  const current = status === 'connected' ? caipNetworkId : undefined
  return (
    <NamespaceNetworksView
      groups={groups}
      currentId={current}
      pendingId={switcher.pendingId}
      error={switcher.error}
      note={switcher.declined ? t('networks.declined') : undefined}
      onSelect={(id) =>
        id === current
          ? router.back()
          : switcher.switchNetwork(id, {
              onSwitched: router.back,
              // No wallet of that namespace yet: connect one (the Connect view, filtered).
              onConnectRequired: () => router.push({ view: 'Connect', caipNetworkId: id }),
            })
      }
    />
  )
}
