import { createPublicClient, defineChain, http, type PublicClient } from 'viem'
import type { ApiNetwork } from './network.ts'

/** One viem public client per served chain id. */
export type ChainClients = ReadonlyMap<number, PublicClient>

export type CreateChainClientsOptions = {
  /** Per-request RPC timeout in ms; bounds how long a dead RPC can hold a request. */
  timeout?: number | undefined
  retryCount?: number | undefined
  /** The fetch the RPC requests go through; tests inject a counting one. */
  fetchFn?: typeof fetch | undefined
  /**
   * Sends the requests made in one tick as one JSON-RPC batch (the indexer's clients: it asks
   * for many blocks and receipts at once). The response size limit applies to the whole batch.
   */
  batch?: boolean | undefined
}

/** Builds the public clients the services read chains with. */
export function createChainClients(
  networks: readonly ApiNetwork[],
  { timeout = 5_000, retryCount = 1, fetchFn, batch = false }: CreateChainClientsOptions = {},
): ChainClients {
  return new Map(
    networks.map((network) => {
      const chain = defineChain({
        id: network.id,
        name: network.name,
        nativeCurrency: network.nativeCurrency,
        rpcUrls: { default: { http: [network.rpcUrl] } },
        ...(network.multicall3
          ? { contracts: { multicall3: { address: network.multicall3 } } }
          : {}),
      })
      const client = createPublicClient({
        chain,
        transport: http(network.rpcUrl, {
          timeout,
          retryCount,
          batch,
          ...(fetchFn ? { fetchFn } : {}),
        }),
      }) as PublicClient
      return [network.id, client] as const
    }),
  )
}
