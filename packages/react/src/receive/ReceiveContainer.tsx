import { useState } from 'react'
import { useAccount } from '../hooks/useAccount.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useCopyToClipboard } from '../hooks/useCopyToClipboard.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { ReceiveView } from './ReceiveView.tsx'
import { toReceiveUri } from './toReceiveUri.ts'

type Purpose = 'payment' | 'ordinals'

/**
 * Receive wired to the connected account (lazily loaded): an EVM account on the configured
 * EVM networks; a Solana or Bitcoin account on its network, the QR code in the chain's URI
 * format, a Bitcoin wallet's payment and ordinals addresses to choose from.
 */
export default function ReceiveContainer() {
  const { address } = useAccount()
  const config = useConfig()
  const state = useLatchState()
  const { t } = useMessages()
  const clipboard = useCopyToClipboard()
  const [purpose, setPurpose] = useState<Purpose>('payment')
  if (!address) return null
  const namespace = state.activeNamespace ?? 'eip155'
  if (namespace === 'eip155')
    return (
      <ReceiveView
        address={address}
        networks={config.networks}
        onCopy={() => clipboard.copy(address)}
        copied={clipboard.copied}
      />
    )

  const network = config.caipNetworks.find((entry) => entry.caipNetworkId === state.caipNetworkId)
  const accounts = state.namespaces[namespace]?.accounts ?? []
  const typed = accounts.filter((account) => account.purpose)
  // Bitcoin: the chosen purpose's address (payment first); Solana: the account's.
  const shown = typed.find((account) => account.purpose === purpose)?.address ?? address
  return (
    <ReceiveView
      address={shown}
      uri={toReceiveUri(namespace, shown)}
      networks={network ? [{ id: network.caipNetworkId, name: network.name }] : []}
      addressTypes={
        typed.length > 1
          ? typed.map((account) => ({
              id: account.purpose as Purpose,
              label: t(account.purpose === 'ordinals' ? 'receive.ordinals' : 'receive.payment'),
              selected: account.address === shown,
            }))
          : undefined
      }
      onSelectAddressType={(id) => setPurpose(id as Purpose)}
      onCopy={() => clipboard.copy(shown)}
      copied={clipboard.copied}
    />
  )
}
