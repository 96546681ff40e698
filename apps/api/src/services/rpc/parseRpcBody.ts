import { type JsonRpcId, type JsonRpcRequest, jsonRpcIdSchema } from '@latch/api-contract'
import { RpcInvalidRequestError, RpcParseError } from '../../errors/rpc.ts'

/** One element of a JSON-RPC body: a request to answer, or why it is not one. */
export type RpcBodyEntry =
  | { request: JsonRpcRequest; error?: undefined }
  | { error: RpcInvalidRequestError; id: JsonRpcId; request?: undefined }

export type ParseRpcBodyReturnType = {
  /** Whether the body was an array: the answer is then an array too. */
  batch: boolean
  entries: RpcBodyEntry[]
}

/**
 * Splits a JSON-RPC 2.0 body into its requests. Throws `RpcParseError` (-32700) for text that
 * is not JSON and `RpcInvalidRequestError` (-32600) for an empty batch or one longer than
 * `maxBatch`; an element that is not a request object is kept as an -32600 entry (id null
 * unless its id was valid), so the rest of the batch is still answered.
 */
export function parseRpcBody(
  text: string,
  { maxBatch }: { maxBatch: number },
): ParseRpcBodyReturnType {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new RpcParseError()
  }
  if (!Array.isArray(body)) return { batch: false, entries: [toEntry(body)] }
  if (body.length === 0) throw new RpcInvalidRequestError({ reason: 'the batch is empty.' })
  if (body.length > maxBatch)
    throw new RpcInvalidRequestError({
      reason: `a batch holds at most ${maxBatch} requests; this one holds ${body.length}.`,
    })
  return { batch: true, entries: body.map(toEntry) }
}

function toEntry(value: unknown): RpcBodyEntry {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return invalid('expected a request object.', null)
  const record = value as Record<string, unknown>
  const idResult = jsonRpcIdSchema.safeParse(record.id)
  const id = idResult.success ? idResult.data : null
  if ('id' in record && !idResult.success)
    return invalid('id must be a string, a number or null.', null)
  if (record.jsonrpc !== '2.0') return invalid('jsonrpc must be "2.0".', id)
  if (typeof record.method !== 'string' || record.method === '')
    return invalid('method must be a non-empty string.', id)
  const params = record.params
  if (params !== undefined && (typeof params !== 'object' || params === null))
    return invalid('params must be an array or an object.', id)
  const request: JsonRpcRequest = { jsonrpc: '2.0', method: record.method }
  if ('id' in record) request.id = id
  if (params !== undefined) request.params = params as JsonRpcRequest['params']
  return { request }
}

function invalid(reason: string, id: JsonRpcId): RpcBodyEntry {
  return { error: new RpcInvalidRequestError({ reason }), id }
}
