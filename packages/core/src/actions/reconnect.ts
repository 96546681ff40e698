import type { Connector } from '../connectors/types.ts'
import { disconnectedState, type LatchConfig } from '../createLatchConfig.ts'
import { getErrorAlertId } from '../errors/errorAlerts.ts'
import type { Unsubscribe } from '../types.ts'
import { checkStoredNetwork } from './checkStoredNetwork.ts'

/**
 * Restores the last connection after a reload, without prompting: waits for the remembered
 * connector (announced wallets arrive a moment after load), then, with status
 * `reconnecting`, asks it for its accounts (WalletConnect restores its stored session, no QR
 * code). Gives up as soon as the person starts another connection. Returns a stop function.
 */
export function reconnect(config: LatchConfig): Unsubscribe {
  const ids = config.storage.getConnectedConnectorIds()
  // Solana and Bitcoin wallets come back through the Wallet Standard, beside the EVM one
  // (loaded only when one was connected); the network last used before the reload goes
  // back on top.
  const lastUsed = config.storage.getActiveCaipNetworkId()
  let cancelled = false
  let stopNamespaces: Unsubscribe = () => {}
  const namespaces =
    ids.solana || ids.bip122 ? import('../namespaces/reconnectNamespaces.ts') : undefined
  void namespaces?.then((module) => {
    if (!cancelled) stopNamespaces = module.reconnectNamespaces(config, lastUsed)
  })
  const connectorId = ids.eip155
  if (!connectorId) {
    // Nothing to restore: the next connection starts on the last used network, if the app
    // still has it. (A restored wallet brings its own chain.)
    const networkError = checkStoredNetwork(config)
    if (networkError) config._internal.setState((state) => ({ ...state, error: networkError }))
    return () => {
      cancelled = true
      stopNamespaces()
    }
  }
  let stopped = false
  let unsubscribe: Unsubscribe = () => {}

  const tryConnector = async (connector: Connector) => {
    stopped = true
    unsubscribe()
    const attempt = config._internal.beginAttempt()
    config._internal.setState((state) => ({
      ...state,
      ...disconnectedState,
      status: 'reconnecting',
      connectorId: connector.id,
      activeNamespace: 'eip155',
    }))
    const current = () => config._internal.isCurrentAttempt(attempt)
    try {
      if (!(await connector.isAuthorized())) throw new Error('not authorized')
      const result = await connector.connect({ isReconnecting: true })
      // Loaded here: a page without a wallet to restore never needs the connection code.
      const { setConnected } = await import('./watchConnector.ts')
      if (current()) await setConnected(config, connector, result)
    } catch (error) {
      config.logs?.warn('Reconnecting the wallet failed.', { connectorId: connector.id, error })
      if (!current()) return
      config.storage.removeConnectedConnectorId(connector.chainNamespace)
      // An alert-worthy failure (the embedded wallet's session expired, its frame did not
      // load) stays in the state for the page to show; a Solana or Bitcoin wallet restored
      // meanwhile shows again.
      const alert = getErrorAlertId(error) ? (error as Error) : undefined
      config._internal.setState((state) => ({ ...state, ...disconnectedState, error: alert }))
      if (Object.keys(config.getState().namespaces).length > 0) {
        const { showConnectedNamespace } = await import('../namespaces/setNamespaceConnection.ts')
        if (current()) showConnectedNamespace(config, alert)
      }
    }
    // Restored or not, the namespace last used goes back on top once its wallet is back.
    void namespaces?.then((module) => {
      if (current()) module.showLastUsedNamespace(config, lastUsed)
    })
  }

  const check = () => {
    if (stopped) return
    const state = config.getState()
    if (state.status === 'connecting' || state.namespaces.eip155) {
      stopped = true
      unsubscribe()
      return
    }
    const connector = state.connectors.find((c) => c.id === connectorId)
    if (connector) void tryConnector(connector)
  }
  unsubscribe = config.subscribe(check)
  check()
  return () => {
    stopped = true
    cancelled = true
    unsubscribe()
    stopNamespaces()
  }
}
