import { getPreferredNetwork } from '../actions/getPreferredNetwork.ts'
import { watchWalletStandard } from '../actions/watchWalletStandard.ts'
import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { rpcTimeoutMs } from '../timings.ts'
import type { Unsubscribe } from '../types.ts'
import { setNamespaceConnected } from './setNamespaceConnected.ts'

/**
 * Restores the Solana and Bitcoin wallets connected before the reload, without prompting:
 * starts Wallet Standard discovery, waits (at most `rpcTimeoutMs`) for each remembered wallet
 * to register, then asks it silently for its accounts. A wallet that no longer authorizes the
 * page is forgotten. Made active only when nothing else is. Returns a stop function.
 */
export function reconnectNamespaces(config: LatchConfig): Unsubscribe {
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
        activate: state.status === 'disconnected',
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
