import {
  CaipChainNotSupportedError,
  ChainAdapterNotFoundError,
  NamespaceNotConfiguredError,
} from '../../errors/chainNamespace.ts'
import type { BitcoinApiNetwork } from '../bitcoin/bitcoinNetwork.ts'
import type { SolanaApiNetwork } from '../solana/solanaNetwork.ts'

/** The Solana and Bitcoin networks the API serves, beside the EVM ones. */
export type NamespaceNetworks = {
  solana: readonly SolanaApiNetwork[]
  bitcoin: readonly BitcoinApiNetwork[]
}

export const noNamespaceNetworks: NamespaceNetworks = { solana: [], bitcoin: [] }

/**
 * The served network a non-EVM CAIP-2 chain id names. A namespace without code here is
 * 'Chain adapter not found'; one with code but no configured network, the spec's
 * "Namespace '...' is not configured" error; an unknown reference, an unsupported chain.
 */
export function resolveCaipNetwork(
  networks: NamespaceNetworks,
  chainId: string,
): SolanaApiNetwork | BitcoinApiNetwork {
  const namespace = chainId.slice(0, chainId.indexOf(':'))
  const list =
    namespace === 'solana' ? networks.solana : namespace === 'bip122' ? networks.bitcoin : undefined
  if (!list) throw new ChainAdapterNotFoundError({ namespace })
  if (list.length === 0) throw new NamespaceNotConfiguredError({ namespace })
  const network = list.find((candidate) => candidate.caipNetworkId === chainId)
  if (!network) throw new CaipChainNotSupportedError({ chainId })
  return network
}
