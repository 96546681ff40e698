import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import { parseCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { ChainAdapterNotFoundError, NamespaceNotConfiguredError } from '../errors/caip.ts'
import { ChainNotConfiguredError } from '../errors/connector.ts'
import { WalletNetworkUnsupportedError } from '../errors/namespaceWallet.ts'
import { findNamespaceConnector } from '../namespaces/findNamespaceConnector.ts'
import { setNamespaceConnection } from '../namespaces/setNamespaceConnection.ts'
import {
  type LatchCaipNetwork,
  type LatchNamespace,
  namespaceOf,
} from '../webConfig/parseLatchWebConfig.ts'
import { switchChain } from './switchChain.ts'

export type SwitchNetworkParameters = {
  /** CAIP-2 id of a configured network of any namespace ("eip155:1", "solana:5eyk..."). */
  caipNetworkId: string
}

export type SwitchNetworkReturnType = {
  network: LatchCaipNetwork
  /**
   * 'switched': the namespace's wallet is on it and active. 'connectRequired': no wallet of
   * that namespace is connected; the network is remembered, and the page asks the person to
   * connect one (the connect modal, filtered to the namespace).
   */
  status: 'switched' | 'connectRequired'
}

const adapters: readonly string[] = ['eip155', 'solana', 'bip122'] satisfies LatchNamespace[]

/** The configured network `caipNetworkId` names, checked namespace first (spec section 5). */
export function findCaipNetwork(config: LatchConfig, caipNetworkId: string): LatchCaipNetwork {
  const { namespace } = parseCaipNetworkId(caipNetworkId)
  if (!adapters.includes(namespace)) throw new ChainAdapterNotFoundError(namespace)
  const networks = config.caipNetworks.filter((network) => namespaceOf(network) === namespace)
  if (networks.length === 0) throw new NamespaceNotConfiguredError(namespace)
  const network = networks.find((entry) => entry.caipNetworkId === caipNetworkId)
  if (!network) throw new ChainNotConfiguredError(caipNetworkId)
  return network
}

/**
 * The network switcher across namespaces: an EVM network goes through `switchChain` (the
 * wallet switches; the EVM connection becomes active); a Solana or Bitcoin network makes that
 * namespace's connection active on it (the wallet must list the network). Without a wallet
 * of the namespace, nothing else changes: the answer says to connect one. Errors: 'Chain
 * adapter not found' (a namespace Latch has no code for), "Namespace '{ns}' is not
 * configured..." (no network of it), `ChainNotConfiguredError`, `WalletNetworkUnsupportedError`.
 */
export async function switchNetwork(
  config: LatchConfig,
  parameters: SwitchNetworkParameters,
): Promise<SwitchNetworkReturnType> {
  const network = findCaipNetwork(config, parameters.caipNetworkId)
  const namespace = namespaceOf(network)
  const caipNetworkId = network.caipNetworkId as CaipNetworkId
  if (network.namespace === undefined || network.namespace === 'eip155') {
    await switchChain(config, { chainId: network.id })
    const connected = config.getState().namespaces.eip155 !== undefined
    return { network, status: connected ? 'switched' : 'connectRequired' }
  }
  const state = config.getState()
  const connection = state.namespaces[namespace]
  const connector = findNamespaceConnector(state, network.namespace, connection?.connectorId)
  config.storage.setActiveCaipNetworkId(caipNetworkId)
  if (!connection || !connector) return { network, status: 'connectRequired' }
  if (!connector.caipNetworkIds.includes(caipNetworkId))
    throw new WalletNetworkUnsupportedError({ walletName: connector.name, caipNetworkId })
  // A WalletConnect session sends its requests on the network it holds accounts of.
  if (connector.type === 'WALLET_CONNECT') await connector.connect({ caipNetworkId })
  setNamespaceConnection(config, namespace, { ...connection, caipNetworkId }, { activate: true })
  return { network, status: 'switched' }
}
