import {
  type NamespaceNetwork,
  rpcEndpointUrl,
  type SupportedChainsResponse,
} from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { type ApiNetwork, toNetworkDto } from '../network.ts'
import type { BitcoinApiNetwork } from '../services/bitcoin/bitcoinNetwork.ts'
import {
  type NamespaceNetworks,
  noNamespaceNetworks,
} from '../services/chains/resolveCaipNetwork.ts'
import type { SolanaApiNetwork } from '../services/solana/solanaNetwork.ts'

/**
 * `GET /v1/supported-chains`: the networks this API serves (spec section 7). Each EVM one's RPC
 * is the API's own JSON-RPC endpoint for the calling project, never the node's URL (which may
 * hold a provider key). Solana and Bitcoin networks come in `namespaceNetworks` (no RPC URL:
 * their balances and activity are API routes). `http` and `ws` list CAIP-2 ids, as the
 * reference client reads them.
 */
export function supportedChainsRoute({
  networks,
  namespaceNetworks = noNamespaceNetworks,
}: {
  networks: readonly ApiNetwork[]
  namespaceNetworks?: NamespaceNetworks | undefined
}) {
  const others = [...namespaceNetworks.solana, ...namespaceNetworks.bitcoin].map(
    toNamespaceNetworkDto,
  )
  return new Hono<AppEnv>().get('/supported-chains', (c) => {
    const apiUrl = c.get('apiOrigin')
    const projectId = c.get('project').id
    const dtos = networks.map((network) => ({
      ...toNetworkDto(network),
      rpcUrls: {
        default: { http: [rpcEndpointUrl({ apiUrl, chainId: network.id, projectId })] },
      },
    }))
    const body: SupportedChainsResponse = {
      networks: dtos,
      namespaceNetworks: others,
      // The reference client's shape: which chains it may ask for balances, history, names.
      http: [...dtos, ...others].map((network) => network.caipNetworkId),
      // The API serves JSON-RPC over HTTP only.
      ws: [],
    }
    return c.json(body)
  })
}

function toNamespaceNetworkDto(network: SolanaApiNetwork | BitcoinApiNetwork): NamespaceNetwork {
  return {
    id: network.id,
    name: network.name,
    caipNetworkId: network.caipNetworkId,
    chainNamespace: network.namespace,
    nativeCurrency: network.nativeCurrency,
    ...(network.blockExplorerUrl
      ? { blockExplorers: { default: { name: 'Explorer', url: network.blockExplorerUrl } } }
      : {}),
    testnet: network.testnet,
  }
}
