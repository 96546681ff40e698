import { watchWalletStandard } from '@latch/core'
import { type ReactNode, useEffect } from 'react'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnect } from '../hooks/useConnect.ts'
import { connectFlowViews, useConnectFlow } from '../hooks/useConnectFlow.ts'
import { useConnectors } from '../hooks/useConnectors.ts'
import { useCopyToClipboard } from '../hooks/useCopyToClipboard.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { useIsPhone } from '../hooks/useMediaQuery.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { useTimedOut } from '../hooks/useTimedOut.ts'
import { createLazyView, LazyView } from '../transaction/LazyView.tsx'
import { afterNextPaint } from './afterNextPaint.ts'
import { ConnectModal } from './ConnectModal.tsx'
import { getAttemptState, pairingUriTimeoutMs } from './getAttemptState.ts'
import { ProjectOriginGate } from './ProjectOriginGate.tsx'
import { resolveModalRoute } from './resolveModalRoute.tsx'

/**
 * TanStack Query's provider, its own chunk: the Connect view needs no query (its origin check
 * and wallet list are core's cached requests), the views after it (All Wallets, the account
 * panel, send, swap...) render inside it.
 */
const queryProvider = createLazyView<{ children: ReactNode }>(() =>
  import('../query/LatchQueryProvider.tsx').then((module) => ({
    default: module.LatchQueryProvider,
  })),
)

/**
 * The connect modal wired to the store and the modal router: the current view's title and
 * body come from the route table (`modalRoutes.tsx`); this adds the connection attempt
 * (pending, declined, failed, relay down; retry), Back, the shake and the announcement.
 * Loaded lazily (its own chunk) the first time the modal opens.
 */
export default function ConnectModalContainer() {
  const { t } = useMessages()
  const config = useConfig()
  const { options } = config
  const { namespaceConnectors } = useLatchState()
  // Solana and Bitcoin wallets (Wallet Standard) are looked for once the modal has painted its
  // first view (not in the click's frame); the discovery's code loads then, only when the app
  // has Solana or Bitcoin networks.
  useEffect(
    () =>
      afterNextPaint(() => {
        watchWalletStandard(config).catch((error: unknown) =>
          config.logs.warn('Wallet Standard discovery failed', error),
        )
      }),
    [config],
  )
  const flow = useConnectFlow()
  const connection = useConnect()
  const connectors = useConnectors()
  const clipboard = useCopyToClipboard()
  const isPhone = useIsPhone()
  const { route } = flow
  // The query provider's chunk, fetched once the modal has painted, for the views after Connect.
  useEffect(
    () =>
      afterNextPaint(() => {
        queryProvider.preload().catch(() => undefined)
      }),
    [],
  )

  const connector =
    connectors.find((entry) => entry.id === route.connectorId) ??
    namespaceConnectors.find((entry) => entry.id === route.connectorId)
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

  const { title, body, back } = resolveModalRoute(route.view, {
    t,
    flow,
    route,
    connector,
    walletName,
    pairingUri,
    attempt,
    errorMessage,
    isPhone,
    clipboard,
    onGetWallet,
  })

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
      // Views that end on their own (ApproveTransaction, sign-in) say `back: false` in the table.
      onBack={flow.canGoBack && back ? flow.back : undefined}
      shake={
        isConnecting && attempt.status !== 'pending'
          ? (connection.error ?? `${attempt.status}:${flow.attempt}`)
          : undefined
      }
      announcement={announcement}
    >
      {/* The project's origin check, before a wallet is picked. */}
      {route.view === 'Connect' ? (
        <ProjectOriginGate>{body}</ProjectOriginGate>
      ) : (
        <LazyView
          view={queryProvider}
          props={{
            children:
              route.view === 'AllWallets' ? <ProjectOriginGate>{body}</ProjectOriginGate> : body,
          }}
        />
      )}
    </ConnectModal>
  )
}
