import { type JsonRpcId, type JsonRpcResponse, jsonRpcErrorSchema } from '@latch/api-contract'
import type { z } from 'zod'
import { RpcError, RpcUpstreamError } from '../../errors/rpc.ts'
import type { LogFilter } from './allowedRpcMethods.ts'
import { checkLogRange } from './checkLogRange.ts'
import { checkRpcParams } from './checkRpcParams.ts'
import type { RpcBodyEntry } from './parseRpcBody.ts'
import { postToNode } from './postToNode.ts'
import type { RpcSettings } from './rpcSettings.ts'
import { scrubNodeUrl } from './scrubNodeUrl.ts'

export type ForwardRpcParameters = {
  entries: readonly RpcBodyEntry[]
  /**
   * The chain's node (an EVM chain id, or the CAIP-2 id of another namespace's chain), or why
   * the request's chain is refused (-32602).
   */
  node: { chainId: number | string; url: string } | { error: RpcError }
  settings: RpcSettings
  fetchFn?: typeof fetch | undefined
  /** The allow-list with each method's params; the EVM endpoint's by default. */
  methods?: ReadonlyMap<string, z.ZodType<readonly unknown[]>> | undefined
  /**
   * Sends one JSON-RPC body to the node and returns its parsed answer, throwing
   * `RpcUpstreamError` when it fails; `postToNode` over `fetchFn` by default.
   */
  post?: ((body: unknown) => Promise<unknown>) | undefined
  /** Told of every node failure (for the log); the answers say only -32603. */
  onUpstreamError?: ((error: RpcUpstreamError) => void) | undefined
}

/**
 * Answers a parsed JSON-RPC body: checks each request against the allow-list and its params,
 * sends the rest to the chain's node in one call (a batch for several, with ids of our own so
 * the client's ids, duplicates included, are echoed exactly) and returns the answers in the
 * body's order. The node's own errors pass through unchanged (its URL scrubbed from them);
 * notifications are forwarded but not answered.
 */
export async function forwardRpc({
  entries,
  node,
  settings,
  fetchFn,
  methods,
  post: postBody,
  onUpstreamError,
}: ForwardRpcParameters): Promise<JsonRpcResponse[]> {
  const answers: (JsonRpcResponse | undefined)[] = entries.map(() => undefined)
  const forwarded: { index: number; id: JsonRpcId; method: string; params: readonly unknown[] }[] =
    []
  const failed = (index: number, id: JsonRpcId, error: RpcError) => {
    answers[index] = {
      jsonrpc: '2.0',
      id,
      error: { code: error.rpcCode, message: error.shortMessage },
    }
  }
  const asRpcError = (error: unknown): RpcError => {
    if (error instanceof RpcUpstreamError) onUpstreamError?.(error)
    if (error instanceof RpcError) return error
    throw error
  }

  for (const [index, entry] of entries.entries()) {
    if (entry.error) {
      failed(index, entry.id, entry.error)
      continue
    }
    const id = entry.request.id ?? null
    if ('error' in node) {
      failed(index, id, node.error)
      continue
    }
    try {
      const params = checkRpcParams(entry.request.method, entry.request.params, methods)
      forwarded.push({ index, id, method: entry.request.method, params })
    } catch (error) {
      failed(index, id, asRpcError(error))
    }
  }
  if ('error' in node) return answered(entries, answers)

  const post =
    postBody ??
    ((body: unknown) =>
      postToNode({
        url: node.url,
        chainId: node.chainId,
        body,
        timeoutMs: settings.timeoutMs,
        maxResponseBytes: settings.maxResponseBytes,
        fetchFn,
      }))

  // eth_getLogs spans are checked first, asking the node its head once if a filter needs it.
  let head: Promise<bigint> | undefined
  const getHead = () => {
    head ??= post({ jsonrpc: '2.0', id: 0, method: 'eth_blockNumber', params: [] }).then(
      (answer) => {
        const result = (answer as { result?: unknown } | null)?.result
        if (typeof result !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(result))
          throw new RpcUpstreamError({
            chainId: node.chainId,
            reason: 'did not tell its latest block.',
          })
        return BigInt(result)
      },
    )
    return head
  }
  const checked: typeof forwarded = []
  for (const call of forwarded) {
    if (call.method !== 'eth_getLogs') {
      checked.push(call)
      continue
    }
    try {
      await checkLogRange({
        filter: call.params[0] as LogFilter,
        maxBlocks: settings.maxLogBlockRange,
        getHead,
      })
      checked.push(call)
    } catch (error) {
      failed(call.index, call.id, asRpcError(error))
    }
  }

  if (checked.length > 0) {
    const requests = checked.map((call, upstreamId) => ({
      jsonrpc: '2.0',
      id: upstreamId,
      method: call.method,
      params: call.params,
    }))
    let byId: Map<number, unknown>
    try {
      const answer = await post(requests.length === 1 ? requests[0] : requests)
      byId = matchAnswers(answer, requests.length)
    } catch (error) {
      const refusal = asRpcError(error)
      for (const call of checked) failed(call.index, call.id, refusal)
      return answered(entries, answers)
    }
    for (const [upstreamId, call] of checked.entries()) {
      const item = byId.get(upstreamId) as Record<string, unknown> | undefined
      const error = item && 'error' in item ? jsonRpcErrorSchema.safeParse(item.error) : undefined
      if (error?.success)
        answers[call.index] = {
          jsonrpc: '2.0',
          id: call.id,
          error: {
            code: error.data.code,
            message: scrubNodeUrl(error.data.message, node.url),
            ...('data' in error.data
              ? {
                  data:
                    typeof error.data.data === 'string'
                      ? scrubNodeUrl(error.data.data, node.url)
                      : error.data.data,
                }
              : {}),
          },
        }
      else if (item && !('error' in item) && 'result' in item)
        answers[call.index] = { jsonrpc: '2.0', id: call.id, result: item.result }
      else
        failed(
          call.index,
          call.id,
          asRpcError(
            new RpcUpstreamError({
              chainId: node.chainId,
              reason: 'gave no valid answer to this request.',
            }),
          ),
        )
    }
  }
  return answered(entries, answers)
}

/** The answers to send: notifications (requests without an id) get none. */
function answered(
  entries: readonly RpcBodyEntry[],
  answers: readonly (JsonRpcResponse | undefined)[],
): JsonRpcResponse[] {
  return answers.filter(
    (answer, index): answer is JsonRpcResponse =>
      answer !== undefined && !(entries[index]?.request && !('id' in entries[index].request)),
  )
}

/**
 * The node's answers by our upstream id. A single answer to a batch (a node refusing batches
 * with one error) stands for every request of it.
 */
function matchAnswers(answer: unknown, count: number): Map<number, unknown> {
  const byId = new Map<number, unknown>()
  if (Array.isArray(answer)) {
    for (const item of answer)
      if (typeof item === 'object' && item !== null && 'id' in item && typeof item.id === 'number')
        byId.set(item.id, item)
  } else if (typeof answer === 'object' && answer !== null) {
    if (count === 1 || 'error' in answer)
      for (let upstreamId = 0; upstreamId < count; upstreamId++) byId.set(upstreamId, answer)
  }
  return byId
}
