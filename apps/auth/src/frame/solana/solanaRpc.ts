import { FrameRequestError } from '../../errors/frameRequest.ts'

/** How long the frame waits for the Solana RPC (spec section 9's RPC timeout). */
export const solanaRpcTimeoutMs = 30_000

/** The few Solana JSON-RPC calls the frame makes, over the frame's fetch. */
export type SolanaRpc = <result>(method: string, params: unknown[]) => Promise<result>

/**
 * A JSON-RPC client for `rpcUrl` (the app's Solana RPC: the frame's security policy lets it
 * reach the API's origin only). Each call has `timeoutMs`; a node error is answered with the
 * node's own message (-32603), no answer with 'The Solana network did not answer.'.
 */
export function createSolanaRpc(
  rpcUrl: string,
  fetchFn: typeof fetch,
  timeoutMs = solanaRpcTimeoutMs,
): SolanaRpc {
  let id = 0
  return async <result>(method: string, params: unknown[]) => {
    let body: unknown
    try {
      const response = await fetchFn(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
        credentials: 'omit',
      })
      body = await response.json()
    } catch (cause) {
      throw new FrameRequestError(-32603, 'The Solana network did not answer.', { cause })
    }
    const answer = body as { result?: result; error?: { code?: unknown; message?: unknown } }
    if (answer?.error) {
      const message =
        typeof answer.error.message === 'string' ? answer.error.message.slice(0, 500) : 'failed'
      throw new FrameRequestError(-32603, `The Solana network refused ${method}: ${message}`)
    }
    if (!answer || !('result' in answer))
      throw new FrameRequestError(-32603, `The Solana network gave no answer to ${method}.`)
    return answer.result as result
  }
}
