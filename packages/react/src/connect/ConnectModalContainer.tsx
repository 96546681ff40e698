import type { ReactNode } from 'react'
import { ConnectedAccount } from '../account/ConnectedAccount.tsx'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnect } from '../hooks/useConnect.ts'
import { connectFlowViews, useConnectFlow } from '../hooks/useConnectFlow.ts'
import { useConnectors } from '../hooks/useConnectors.ts'
import { useCopyToClipboard } from '../hooks/useCopyToClipboard.ts'
import { useIsPhone } from '../hooks/useMediaQuery.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { useTimedOut } from '../hooks/useTimedOut.ts'
import {
  registerAccountNameRoute,
  registerAccountNameSuccessRoute,
} from '../names/registerAccountNameRoutes.ts'
import { NetworksContainer } from '../networks/NetworksContainer.tsx'
import { UnsupportedChainContainer } from '../networks/UnsupportedChainContainer.tsx'
import { LatchQueryProvider } from '../query/LatchQueryProvider.tsx'
import { receiveRoute } from '../receive/receiveRoute.ts'
import { sendRoute } from '../send/sendRoute.ts'
import { sessionsRoute, signInRoute } from '../siwe/signInRoutes.ts'
import { approveTransactionRoute } from '../transaction/approveTransactionRoute.ts'
import { LazyView } from '../transaction/LazyView.tsx'
import { AllWalletsRoute } from './AllWalletsRoute.tsx'
import { ConnectingExternal } from './ConnectingExternal.tsx'
import { ConnectingWalletConnect } from './ConnectingWalletConnect.tsx'
import { ConnectingWalletConnectBasic } from './ConnectingWalletConnectBasic.tsx'
import { ConnectModal } from './ConnectModal.tsx'
import { ConnectRoute } from './ConnectRoute.tsx'
import { getWalletOpenLinks } from './deepLink.ts'
import { getAttemptState, pairingUriTimeoutMs } from './getAttemptState.ts'

/**
 * The connect modal wired to the store and the modal router: Connect, AllWallets, the
 * Connecting views (pending, declined, failed, relay down; retry), Networks and
 * UnsupportedChain. Loaded lazily (its own chunk) the first time the modal opens.
 */
export default function ConnectModalContainer() {
  return (
    <LatchQueryProvider>
      <ConnectModalRoutes />
    </LatchQueryProvider>
  )
}

function ConnectModalRoutes() {
  const { t } = useMessages()
  const { options } = useConfig()
  const flow = useConnectFlow()
  const connection = useConnect()
  const connectors = useConnectors()
  const clipboard = useCopyToClipboard()
  const isPhone = useIsPhone()
  const { route } = flow

  const connector = connectors.find((entry) => entry.id === route.connectorId)
  const isWalletConnect =
    route.view === 'ConnectingWalletConnect' || route.view === 'ConnectingWalletConnectBasic'
  const isConnecting = isWalletConnect || route.view === 'ConnectingExternal'
  const pairingUri = connection.status === 'connecting' ? connection.pairingUri : undefined
  // A relay that never hands out a pairing URI is as good as down.
  const pairingUriTimedOut = useTimedOut(
    isWalletConnect && connection.status === 'connecting' && !pairingUri,
    pairingUriTimeoutMs,
    flow.attempt,
  )
  const attempt = getAttemptState({
    status: connection.status,
    error: connection.error,
    pairingUri,
    pairingUriTimedOut,
  })
  const errorMessage =
    attempt.status === 'error' && attempt.error ? getErrorMessage(attempt.error, t) : undefined
  const walletName = route.wallet?.name ?? connector?.name ?? ''
  const onGetWallet = options.features.allWallets
    ? () => flow.push({ view: 'AllWallets' })
    : undefined

  let title: string
  let body: ReactNode
  switch (route.view) {
    case 'AllWallets':
      title = t('allWallets.title')
      body = <AllWalletsRoute onSelect={flow.select} />
      break
    case 'ConnectingExternal':
      title = walletName
      body = (
        <ConnectingExternal
          walletName={walletName}
          // The wallet's own announced icon; the registry's is a fallback.
          walletIcon={connector?.icon || route.wallet?.icon}
          state={attempt}
          errorMessage={errorMessage}
          onRetry={flow.retry}
        />
      )
      break
    case 'ConnectingWalletConnect':
      title = walletName
      body = (
        <ConnectingWalletConnect
          walletName={walletName}
          walletIcon={route.wallet?.icon}
          uri={pairingUri}
          state={attempt}
          errorMessage={errorMessage}
          isPhone={isPhone}
          links={getWalletOpenLinks(route.wallet ?? {}, pairingUri, isPhone)}
          onRetry={flow.retry}
          onCopy={clipboard.copy}
          copied={clipboard.copied}
        />
      )
      break
    case 'ConnectingWalletConnectBasic':
      title = t('walletConnect.title')
      body = (
        <ConnectingWalletConnectBasic
          uri={pairingUri}
          state={attempt}
          errorMessage={errorMessage}
          onRetry={flow.retry}
          onCopy={clipboard.copy}
          copied={clipboard.copied}
          onGetWallet={onGetWallet}
        />
      )
      break
    case 'Networks':
      title = t('networks.title')
      body = <NetworksContainer />
      break
    case 'UnsupportedChain':
      title = t('unsupportedChain.title')
      body = <UnsupportedChainContainer />
      break
    case 'Account':
      title = t('account.title')
      body = <ConnectedAccount placement="modal" />
      break
    // Send, Receive and ApproveTransaction: one chunk, loaded when one is first shown.
    case 'Send':
      title = t('account.feature.send')
      body = <LazyView view={sendRoute} />
      break
    case 'Receive':
      title = t('account.feature.receive')
      body = <LazyView view={receiveRoute} />
      break
    case 'ApproveTransaction':
      title = t('transaction.title')
      body = <LazyView view={approveTransactionRoute} />
      break
    // Names, sign-in and sessions load their own chunks when first shown.
    case 'RegisterAccountName':
      title = t('names.title')
      body = <LazyView view={registerAccountNameRoute} />
      break
    case 'RegisterAccountNameSuccess':
      title = t('names.successTitle')
      body = <LazyView view={registerAccountNameSuccessRoute} />
      break
    case 'ConnectingSiwe':
    case 'SIWXSignMessage':
      title = t('signIn.title')
      body = <LazyView view={signInRoute} />
      break
    case 'Sessions':
      title = t('account.sessions')
      body = <LazyView view={sessionsRoute} />
      break
    default:
      title = t('connect.title')
      body = (
        <ConnectRoute
          onSelect={flow.select}
          onAllWallets={() => flow.push({ view: 'AllWallets' })}
        />
      )
  }

  const announcement =
    connection.status === 'connected' && isConnecting
      ? t('connect.connected')
      : isConnecting && attempt.status === 'pending'
        ? t('connect.connecting', { wallet: walletName || t('walletConnect.title') })
        : undefined

  return (
    <ConnectModal
      title={title}
      // The connect flow keeps one name ("Connect Wallet"); each view's title is its heading.
      label={connectFlowViews.includes(route.view) ? t('connect.title') : title}
      viewKey={`${route.view}:${route.connectorId ?? ''}:${route.wallet?.id ?? ''}`}
      onClose={flow.close}
      // The transaction flow leaves ApproveTransaction itself, when the wallet has answered.
      // Sign-in ends by signing in or cancelling (which disconnects), not by going back.
      onBack={
        flow.canGoBack &&
        route.view !== 'ApproveTransaction' &&
        route.view !== 'ConnectingSiwe' &&
        route.view !== 'SIWXSignMessage'
          ? flow.back
          : undefined
      }
      shake={
        isConnecting && attempt.status !== 'pending'
          ? (connection.error ?? `${attempt.status}:${flow.attempt}`)
          : undefined
      }
      announcement={announcement}
    >
      {body}
    </ConnectModal>
  )
}
