import { rpcEndpointUrl, type SupportedChainsResponse } from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { type ApiNetwork, toNetworkDto } from '../network.ts'

/**
 * `GET /v1/supported-chains`: the networks this API serves (spec section 7). Each one's RPC is
 * the API's own JSON-RPC endpoint for the calling project, never the node's URL (which may
 * hold a provider key). `http` and `ws` list CAIP-2 ids, as the reference client reads them.
 */
export function supportedChainsRoute({ networks }: { networks: readonly ApiNetwork[] }) {
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
      // The reference client's shape: which chains it may ask for balances, history, names.
      http: dtos.map((network) => network.caipNetworkId),
      // The API serves JSON-RPC over HTTP only.
      ws: [],
    }
    return c.json(body)
  })
}
