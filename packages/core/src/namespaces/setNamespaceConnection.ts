import {
  disconnectedState,
  type LatchConfig,
  type LatchState,
  type NamespaceConnection,
} from '../createLatchConfig.ts'
import type { LatchNamespace } from '../webConfig/parseLatchWebConfig.ts'

/** The order a namespace is made active in when the active one goes away. */
const namespaceOrder: readonly LatchNamespace[] = ['eip155', 'solana', 'bip122']

/** The top-level fields for a connection (or none). */
function topLevel(connection: NamespaceConnection | undefined) {
  if (!connection) return disconnectedState
  return {
    ...disconnectedState,
    status: 'connected' as const,
    connectorId: connection.connectorId,
    address: connection.address,
    addresses: connection.addresses,
    chainId: connection.chainId,
    caipNetworkId: connection.caipNetworkId,
  }
}

/** `state` showing `namespace` (undefined: the first connected one, eip155 first). */
export function showNamespace(state: LatchState, namespace?: LatchNamespace): LatchState {
  const active =
    namespace ?? namespaceOrder.find((candidate) => state.namespaces[candidate] !== undefined)
  return {
    ...state,
    ...topLevel(active ? state.namespaces[active] : undefined),
    activeNamespace: active,
  }
}

/**
 * Records (or, with undefined, removes) `namespace`'s connection. The top-level fields follow
 * when it is the active namespace, or becomes it (`activate`); when the active connection is
 * removed, the next connected namespace becomes active.
 */
export function setNamespaceConnection(
  config: LatchConfig,
  namespace: LatchNamespace,
  connection: NamespaceConnection | undefined,
  options: { activate?: boolean; error?: Error | undefined } = {},
): void {
  config._internal.setState((state) => {
    const namespaces = { ...state.namespaces }
    if (connection) namespaces[namespace] = connection
    else delete namespaces[namespace]
    const next = { ...state, namespaces }
    const isActive = state.activeNamespace === namespace || state.activeNamespace === undefined
    let shown: LatchState = next
    if (options.activate || (connection && isActive)) shown = showNamespace(next, namespace)
    else if (!connection && isActive) shown = showNamespace(next)
    return options.error ? { ...shown, error: options.error } : shown
  })
}

/**
 * After a failed or abandoned attempt: the top-level fields show the first connected
 * namespace again (or disconnected), with `error` when given.
 */
export function showConnectedNamespace(config: LatchConfig, error?: Error): void {
  config._internal.setState((state) => ({ ...showNamespace(state), error }))
}
