import type { ModalRoute, ModalView } from '@latch/core'
import { useCallback, useEffect, useRef, useState } from 'react'
import type { ConnectTarget } from '../connect/getConnectWallets.ts'
import { useConfig } from './useConfig.ts'
import { useConnect } from './useConnect.ts'
import { useConnectModal } from './useConnectModal.ts'
import { useConnectors } from './useConnectors.ts'

/** The views of the connect flow: a connection made from one of them closes the modal. */
export const connectFlowViews: readonly ModalView[] = [
  'Connect',
  'AllWallets',
  'ConnectingExternal',
  'ConnectingWalletConnect',
  'ConnectingWalletConnectBasic',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'ConnectingSocial',
  'ConnectingFarcaster',
]

export type UseConnectFlowReturnType = {
  /** The current view (Connect when the history is empty). */
  route: ModalRoute
  /** Whether there is a view to go back to. */
  canGoBack: boolean
  /** Picks a wallet: opens its Connecting view and starts connecting. */
  select(target: ConnectTarget): void
  /** Starts the current Connecting view's attempt again. */
  retry(): void
  /** Opens a view on top of the current one (AllWallets…). */
  push(route: ModalRoute): void
  /** Back one view (abandoning a pending attempt); closes per the router's rules. */
  back(): void
  close(): void
  /** Counts attempts, so per-attempt timers restart on a retry. */
  attempt: number
}

/**
 * The connect flow over the modal router and the connect action: which view shows which
 * attempt, retry, back and close (both abandon a pending attempt), and closing the modal
 * once a connection made through it succeeds (or, when sign-in is required, going on to
 * ConnectingSiwe).
 */
export function useConnectFlow(): UseConnectFlowReturnType {
  const modal = useConnectModal()
  const connection = useConnect()
  const connectors = useConnectors()
  const config = useConfig()
  const signInRequired = config.options.signIn === 'required'
  const [attempt, setAttempt] = useState(0)
  const { router } = modal
  const route: ModalRoute = modal.history.at(-1) ?? { view: 'Connect' }

  // Only a connection that happens while a connect-flow view is open closes the modal (not
  // one restored in the background while, say, Networks is open).
  const previousStatus = useRef(connection.status)
  useEffect(() => {
    const was = previousStatus.current
    previousStatus.current = connection.status
    if (
      connection.status === 'connected' &&
      was === 'connecting' &&
      connectFlowViews.includes(route.view)
    ) {
      // Sign-in required: connect and sign in are one step, the modal goes on to
      // ConnectingSiwe (alone in the history: signing in closes the modal, Cancel disconnects).
      if (signInRequired) {
        router.pushTransactionStack({ replace: true })
        router.reset({ view: 'ConnectingSiwe' })
      } else router.close()
    }
  }, [connection.status, route.view, router, signInRequired])

  const { connect, cancel } = connection
  const start = useCallback(
    (connectorId: string, wallet: ModalRoute['wallet']) => {
      setAttempt((count) => count + 1)
      connect(connectorId, { wallet })
    },
    [connect],
  )

  const show = useCallback(
    (next: ModalRoute) => {
      // Pushing the current view again is ignored by the router: swap it instead.
      if (router.getState().history.at(-1)?.view === next.view) router.replace(next)
      else router.push(next)
    },
    [router],
  )

  const select = (target: ConnectTarget) => {
    if (target.type === 'connector') {
      const connector =
        connectors.find((entry) => entry.id === target.connectorId) ??
        // A Solana or Bitcoin wallet (Wallet Standard): its id names its namespace.
        config.getState().namespaceConnectors.find((entry) => entry.id === target.connectorId)
      if (!connector) return
      show({
        view:
          connector.type === 'WALLET_CONNECT'
            ? 'ConnectingWalletConnectBasic'
            : 'ConnectingExternal',
        connectorId: connector.id,
        wallet: target.wallet,
      })
      start(connector.id, target.wallet)
      return
    }
    const walletConnect = connectors.find((entry) => entry.type === 'WALLET_CONNECT')
    if (!walletConnect) return
    show({ view: 'ConnectingWalletConnect', connectorId: walletConnect.id, wallet: target.wallet })
    start(walletConnect.id, target.wallet)
  }

  return {
    route,
    canGoBack: modal.history.length > 1,
    select,
    retry: () => {
      if (!route.connectorId) return
      cancel()
      start(route.connectorId, route.wallet)
    },
    push: show,
    back: () => {
      cancel()
      router.back()
    },
    close: () => {
      cancel()
      router.close()
    },
    attempt,
  }
}
