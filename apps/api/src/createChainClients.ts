import { createPublicClient, defineChain, http, type PublicClient, TimeoutError } from 'viem'
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
          fetchFn: fetchWithTimeout(fetchFn ?? fetch, timeout),
        }),
      }) as PublicClient
      return [network.id, client] as const
    }),
  )
}

/**
 * `fetch` bounded by `timeout` from the request to the last byte of the answer, even when the
 * request carries a signal of its own. viem's `http` timeout alone is not: once a request has
 * the caller's signal (the indexer gives each block range one), the signal its timeout aborts
 * is no longer the fetch's, so the request could wait forever; nor does it cover reading the
 * body. Past the timeout the fetch fails with viem's TimeoutError (while the answer is being
 * read, with a DOMException named TimeoutError inside viem's HttpRequestError).
 */
export function fetchWithTimeout(base: typeof fetch, timeout: number): typeof fetch {
  if (!(timeout > 0)) return base
  return async (input, init) => {
    const timer = AbortSignal.timeout(timeout)
    const signal = init?.signal ? AbortSignal.any([init.signal, timer]) : timer
    try {
      return await base(input, { ...init, signal })
    } catch (error) {
      if (timer.aborted && !init?.signal?.aborted)
        throw new TimeoutError({
          body: {},
          url: input instanceof Request ? input.url : String(input),
        })
      throw error
    }
  }
}
