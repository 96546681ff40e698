import type { Connector } from '@latch/core'
import { type ReactNode, useEffect } from 'react'
import { getErrorMessage, isUserRejection } from '../errors/getErrorMessage.ts'
import { useConnect } from '../hooks/useConnect.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useConnectors } from '../hooks/useConnectors.ts'
import { useCopyToClipboard } from '../hooks/useCopyToClipboard.ts'
import { ConnectingExternal } from './ConnectingExternal.tsx'
import { ConnectingWalletConnect } from './ConnectingWalletConnect.tsx'
import { ConnectModal } from './ConnectModal.tsx'
import { WalletList } from './WalletList.tsx'

/**
 * The connect modal wired to the store and the modal router: pick a wallet, wait for it,
 * retry after a refusal. Loaded lazily (its own chunk) the first time the modal opens.
 */
export default function ConnectModalContainer() {
  const modal = useConnectModal()
  const connectors = useConnectors()
  const connection = useConnect()
  const clipboard = useCopyToClipboard()
  const route = modal.history.at(-1) ?? { view: 'Connect' }
  const { status, error } = connection

  // A connection made through this modal closes it.
  useEffect(() => {
    if (status === 'connected') modal.router.close()
  }, [status, modal.router])

  const select = (connector: Connector) => {
    modal.router.push({
      view: connector.type === 'WALLET_CONNECT' ? 'ConnectingWalletConnect' : 'ConnectingExternal',
      connectorId: connector.id,
    })
    connection.connect(connector.id)
  }
  const close = () => {
    connection.cancel()
    modal.router.close()
  }
  const back = () => {
    connection.cancel()
    modal.router.back()
  }

  const connector = connectors.find((c) => c.id === route.connectorId)
  // Connecting views show the attempt: pending, or how it ended (a refusal is not a failure).
  const attemptState =
    status === 'disconnected'
      ? ({
          status: 'error',
          message: error ? getErrorMessage(error) : 'The connection did not complete.',
          declined: isUserRejection(error),
        } as const)
      : ({ status: 'pending' } as const)

  let body: ReactNode
  if (route.view === 'ConnectingWalletConnect' && connector) {
    body = (
      <ConnectingWalletConnect
        uri={status === 'connecting' ? connection.pairingUri : undefined}
        state={attemptState}
        onRetry={() => connection.connect(connector.id)}
        onCopy={clipboard.copy}
        copied={clipboard.copied}
      />
    )
  } else if (route.view === 'ConnectingExternal' && connector) {
    body = (
      <ConnectingExternal
        walletName={connector.name}
        walletIcon={connector.icon}
        state={attemptState}
        onRetry={() => connection.connect(connector.id)}
      />
    )
  } else {
    body = (
      <WalletList
        wallets={connectors}
        onSelect={(id) => {
          const picked = connectors.find((c) => c.id === id)
          if (picked) select(picked)
        }}
      />
    )
  }

  return (
    <ConnectModal
      title="Connect Wallet"
      onClose={close}
      onBack={modal.history.length > 1 ? back : undefined}
    >
      {body}
    </ConnectModal>
  )
}
