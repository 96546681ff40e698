import { RpcUpstreamError } from '../../errors/rpc.ts'

export type PostToNodeParameters = {
  /** The node's URL: server-side configuration, never echoed in an error. */
  url: string
  /** An EVM chain id, or a CAIP-2 id: named in errors. */
  chainId: number | string
  body: unknown
  /** The whole call, answer read included. */
  timeoutMs: number
  /** The largest answer read; a larger one is dropped. */
  maxResponseBytes: number
  fetchFn?: typeof fetch | undefined
}

/**
 * POSTs a JSON-RPC body to a chain's node and returns its parsed JSON answer. A refused
 * connection, a timeout, an answer that is too large or not JSON throw `RpcUpstreamError`
 * (-32603), whose message names the chain, never the URL.
 */
export async function postToNode({
  url,
  chainId,
  body,
  timeoutMs,
  maxResponseBytes,
  fetchFn = fetch,
}: PostToNodeParameters): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs)
  let text: string
  try {
    const response = await fetchFn(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
      signal,
      redirect: 'error',
    })
    text = await readText(response, maxResponseBytes, chainId)
  } catch (error) {
    if (error instanceof RpcUpstreamError) throw error
    const timedOut = signal.aborted
    throw new RpcUpstreamError({
      chainId,
      reason: timedOut ? `did not answer within ${timeoutMs} ms.` : 'did not answer.',
      cause: error,
    })
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw new RpcUpstreamError({
      chainId,
      reason: 'answered with something that is not JSON.',
      cause: error,
    })
  }
}

/** The body as text, refused past `maxBytes` without reading the rest. */
async function readText(
  response: Response,
  maxBytes: number,
  chainId: number | string,
): Promise<string> {
  const tooLarge = () =>
    new RpcUpstreamError({
      chainId,
      reason: `answered with more than ${Math.round(maxBytes / 1024)} KB.`,
    })
  if (!response.body) return ''
  if (Number(response.headers.get('content-length') ?? 0) > maxBytes) {
    await response.body.cancel().catch(() => {})
    throw tooLarge()
  }
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = response.body.getReader()
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => {})
      throw tooLarge()
    }
    chunks.push(value)
  }
  return Buffer.concat(chunks).toString('utf8')
}
