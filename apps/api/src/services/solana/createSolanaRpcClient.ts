import { ChainUnavailableError } from '../../errors/chainNamespace.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'
import type { SolanaApiNetwork } from './solanaNetwork.ts'

/** One Solana JSON-RPC call: the `result`, or ChainUnavailableError (502). */
export type SolanaRpcClient = <result>(
  method: string,
  params: readonly unknown[],
) => Promise<result>

export type CreateSolanaRpcClientParameters = {
  network: Pick<SolanaApiNetwork, 'rpcUrl' | 'caipNetworkId'>
  /** The API's guarded fetcher (every outbound request crosses it). */
  fetch: GuardedFetch
  /** Bound on one call, connection and body included (default 10 s). */
  timeoutMs?: number | undefined
  /** The largest answer read (default 4 MB: a page of transactions). */
  maxBytes?: number | undefined
}

/**
 * A minimal JSON-RPC 2.0 client for a Solana node, over the guarded fetcher (timeout, body
 * cap, no redirects for a POST). A refused connection, a non-2xx status, an answer that is not
 * JSON-RPC, or a JSON-RPC error are all ChainUnavailableError: the caller validated its input.
 */
export function createSolanaRpcClient({
  network,
  fetch,
  timeoutMs = 10_000,
  maxBytes = 4 * 1024 * 1024,
}: CreateSolanaRpcClientParameters): SolanaRpcClient {
  let id = 0
  return async <result>(method: string, params: readonly unknown[]): Promise<result> => {
    const chainId = network.caipNetworkId
    let body: unknown
    try {
      const response = await fetch(network.rpcUrl, {
        method: 'POST',
        accept: ['application/json'],
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
        timeoutMs,
        maxBytes,
      })
      if (!response.ok) throw new Error(`${method}: HTTP ${response.status}`)
      body = await response.json()
    } catch (cause) {
      throw new ChainUnavailableError({ chainId, cause })
    }
    if (typeof body !== 'object' || body === null)
      throw new ChainUnavailableError({ chainId, cause: new Error(`${method}: not JSON-RPC`) })
    const answer = body as { result?: unknown; error?: { code?: number; message?: string } }
    if (answer.error)
      throw new ChainUnavailableError({
        chainId,
        cause: new Error(`${method}: ${answer.error.code} ${answer.error.message}`),
      })
    if (!('result' in answer))
      throw new ChainUnavailableError({ chainId, cause: new Error(`${method}: no result`) })
    return answer.result as result
  }
}
