import type { Connector, NamespaceConnector } from '../connectors/types.ts'
import { disconnectedState, type LatchConfig } from '../createLatchConfig.ts'
import { DisconnectFailedError } from '../errors/connector.ts'
import {
  setNamespaceConnection,
  showConnectedNamespace,
} from '../namespaces/setNamespaceConnection.ts'
import type { LatchNamespace } from '../webConfig/parseLatchWebConfig.ts'

export type DisconnectParameters = {
  /** Only this namespace's wallet; the others stay connected. Default: every namespace. */
  namespace?: LatchNamespace | undefined
}

export type DisconnectErrorType = DisconnectFailedError

/**
 * Disconnects the wallet (spec section 4): the app forgets the account, the chain and the
 * stored connector ids at once, whatever the wallet says, then the connector ends its side
 * (WalletConnect deletes its session and the universal provider's `wc@2:universal_provider:`
 * keys). With `namespace`, only that namespace's wallet goes and the next connected one
 * becomes active. When a wallet fails, `DisconnectFailedError` ("Failed to disconnect.") is
 * recorded in `state.error` and thrown; the state stays disconnected. Recent wallets are kept.
 */
export async function disconnect(
  config: LatchConfig,
  parameters: DisconnectParameters = {},
): Promise<void> {
  const state = config.getState()
  const all: readonly (Connector | NamespaceConnector)[] = [
    ...state.connectors,
    ...state.namespaceConnectors,
  ]
  const namespaces = parameters.namespace
    ? [parameters.namespace]
    : (Object.keys(state.namespaces) as LatchNamespace[])
  // Every namespace's connector, and an attempt's connector when nothing is connected yet.
  const targets = namespaces.map((namespace) => ({
    namespace,
    connector: all.find((c) => c.id === state.namespaces[namespace]?.connectorId),
  }))
  if (!parameters.namespace && targets.length === 0)
    targets.push({
      namespace: state.activeNamespace ?? 'eip155',
      connector: all.find((c) => c.id === state.connectorId),
    })
  const attempting = state.status === 'connecting' || state.status === 'reconnecting'
  if (!parameters.namespace || (attempting && state.activeNamespace === parameters.namespace))
    config._internal.beginAttempt()
  for (const { namespace } of targets) config._internal.setConnectorWatch(undefined, namespace)
  config.storage.removeConnectedConnectorId(parameters.namespace)
  if (parameters.namespace) {
    setNamespaceConnection(config, parameters.namespace, undefined)
    if (attempting && state.activeNamespace === parameters.namespace) showConnectedNamespace(config)
  } else
    config._internal.setState((current) => ({
      ...current,
      ...disconnectedState,
      namespaces: {},
      activeNamespace: undefined,
    }))

  const failures: unknown[] = []
  for (const { connector } of targets) {
    if (!connector) continue
    try {
      await connector.disconnect()
    } catch (cause) {
      config.logs?.error('Disconnecting the wallet failed.', {
        connectorId: connector.id,
        error: cause,
      })
      failures.push(cause)
    }
  }
  if (failures.length === 0) return
  const error = new DisconnectFailedError(failures[0])
  // Only when nothing newer (a new connection) has started meanwhile.
  if (config.getState().status === 'disconnected')
    config._internal.setState((current) => ({ ...current, error }))
  throw error
}
