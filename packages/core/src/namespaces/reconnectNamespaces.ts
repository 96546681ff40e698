import { getPreferredNetwork } from '../actions/getPreferredNetwork.ts'
import { watchWalletStandard } from '../actions/watchWalletStandard.ts'
import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { rpcTimeoutMs } from '../timings.ts'
import type { Unsubscribe } from '../types.ts'
import { setNamespaceConnected } from './setNamespaceConnected.ts'
import { showNamespace } from './setNamespaceConnection.ts'

/** The namespace of a stored CAIP-2 network id ("bip122:..." is bip122). */
const namespaceOf = (caipNetworkId: string | undefined) => caipNetworkId?.split(':')[0]

/**
 * After a reload: puts the namespace of `lastUsed` (the network on top before the reload)
 * back on top once its wallet is connected again, whatever was restored after it.
 */
export function showLastUsedNamespace(config: LatchConfig, lastUsed: string | undefined): void {
  const namespace = namespaceOf(lastUsed)
  if (namespace !== 'solana' && namespace !== 'bip122') return
  const state = config.getState()
  const connection = state.namespaces[namespace]
  if (!connection || state.activeNamespace === namespace) return
  config._internal.setState((current) => showNamespace(current, namespace))
  config.storage.setActiveCaipNetworkId(connection.caipNetworkId as CaipNetworkId)
}

/**
 * Restores the Solana and Bitcoin wallets connected before the reload, without prompting:
 * starts Wallet Standard discovery, waits (at most `rpcTimeoutMs`) for each remembered wallet
 * to register, then asks it silently for its accounts (`isAuthorized`: the Wallet Standard's
 * silent connect, bounded by `rpcTimeoutMs`). A wallet that no longer authorizes the page is
 * forgotten. Made active when nothing else is, or when its namespace is the one of
 * `lastUsed` (the network on top before the reload). Returns a stop function.
 */
export function reconnectNamespaces(
  config: LatchConfig,
  lastUsed: string | undefined = config.storage.getActiveCaipNetworkId(),
): Unsubscribe {
  const ids = config.storage.getConnectedConnectorIds()
  const pending = (['solana', 'bip122'] as const).filter((namespace) => ids[namespace])
  let cancelled = false
  void watchWalletStandard(config)

  const restore = async (namespace: 'solana' | 'bip122', connectorId: string) => {
    const connector = config.getState().namespaceConnectors.find((c) => c.id === connectorId)
    if (!connector) return false
    const network = getPreferredNetwork(config, namespace)
    try {
      if (!network || !(await connector.isAuthorized())) throw new Error('not authorized')
      const result = await connector.connect({
        caipNetworkId: network.caipNetworkId as CaipNetworkId,
        isReconnecting: true,
      })
      const state = config.getState()
      if (cancelled || state.namespaces[namespace]) return true
      setNamespaceConnected(config, connector, result, {
        activate:
          state.status === 'disconnected' ||
          (namespace === namespaceOf(lastUsed) && state.status === 'connected'),
      })
    } catch (error) {
      config.logs?.warn('Reconnecting the wallet failed.', { connectorId, error })
      if (!config.getState().namespaces[namespace])
        config.storage.removeConnectedConnectorId(namespace)
    }
    return true
  }

  let waiting = [...pending]
  let unsubscribe: Unsubscribe = () => {}
  let timer: unknown
  const stopWaiting = () => {
    unsubscribe()
    config.scheduler.clearTimeout(timer)
  }
  const check = () => {
    for (const namespace of waiting) {
      const id = ids[namespace] as string
      if (!config.getState().namespaceConnectors.some((c) => c.id === id)) continue
      waiting = waiting.filter((entry) => entry !== namespace)
      void restore(namespace, id)
    }
    if (waiting.length === 0) stopWaiting()
  }
  unsubscribe = config.subscribe(check)
  timer = config.scheduler.setTimeout(stopWaiting, rpcTimeoutMs)
  check()
  return () => {
    cancelled = true
    stopWaiting()
  }
}
