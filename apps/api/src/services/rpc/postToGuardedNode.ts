import { RpcUpstreamError } from '../../errors/rpc.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'

export type PostToGuardedNodeParameters = {
  /** The node's URL: server-side configuration, never echoed in an error. */
  url: string
  /** The chain's CAIP-2 id, named in errors. */
  chainId: string
  body: unknown
  /** The API's guarded fetcher (public hosts only, unless the devnet's loopback is allowed). */
  fetch: GuardedFetch
  /** The whole call, answer read included. */
  timeoutMs: number
  /** The largest answer read; a larger one is dropped. */
  maxResponseBytes: number
}

/**
 * POSTs a JSON-RPC body to a node through the guarded fetcher and returns its parsed JSON
 * answer. A refused connection, a timeout, an HTTP error status without a JSON-RPC body, an
 * answer that is too large or not JSON throw `RpcUpstreamError` (-32603), whose message names
 * the chain, never the URL. A node's HTTP 4xx/5xx carrying a JSON-RPC error (a provider's
 * rate limit, say) passes that error on.
 */
export async function postToGuardedNode({
  url,
  chainId,
  body,
  fetch,
  timeoutMs,
  maxResponseBytes,
}: PostToGuardedNodeParameters): Promise<unknown> {
  let response: Response
  let text: string
  try {
    response = await fetch(url, {
      method: 'POST',
      accept: ['application/json'],
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
      timeoutMs,
      maxBytes: maxResponseBytes,
    })
    text = await response.text()
  } catch (error) {
    throw new RpcUpstreamError({ chainId, reason: describeFailure(error, timeoutMs), cause: error })
  }
  let answer: unknown
  try {
    answer = JSON.parse(text)
  } catch (error) {
    throw new RpcUpstreamError({
      chainId,
      reason: response.ok
        ? 'answered with something that is not JSON.'
        : `answered HTTP ${response.status}.`,
      cause: error,
    })
  }
  if (!response.ok && !isJsonRpcError(answer))
    throw new RpcUpstreamError({ chainId, reason: `answered HTTP ${response.status}.` })
  return answer
}

function isJsonRpcError(answer: unknown): boolean {
  const items = Array.isArray(answer) ? answer : [answer]
  return (
    items.length > 0 &&
    items.every((item) => typeof item === 'object' && item !== null && 'error' in item)
  )
}

/** Why the call failed, in words for the page: never the URL. */
function describeFailure(error: unknown, timeoutMs: number): string {
  const reason =
    typeof error === 'object' && error !== null && 'reason' in error ? String(error.reason) : ''
  if (/took too long|in time/.test(reason)) return `did not answer within ${timeoutMs} ms.`
  if (/^more than \d+ bytes$/.test(reason))
    return `answered with more than ${Math.round(Number(reason.split(' ')[2]) / 1024)} KB.`
  return 'did not answer.'
}
