import { type JsonRpcResponse, jsonRpcErrorSchema } from '@latch/api-contract'
import type { z } from 'zod'
import {
  UserOperationHttpStatusError,
  UserOperationUpstreamError,
} from '../../errors/accountAbstraction.ts'
import { OutboundFetchError } from '../../errors/outbound.ts'
import { RpcError, RpcInvalidParamsError, RpcInvalidRequestError } from '../../errors/rpc.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'
import { checkRpcParams } from '../rpc/checkRpcParams.ts'
import { parseRpcBody } from '../rpc/parseRpcBody.ts'
import { scrubNodeUrl } from '../rpc/scrubNodeUrl.ts'
import type { UserOperationRpcSettings } from './userOperationRpcSettings.ts'

export type ForwardUserOperationRpcParameters = {
  /** The request body as received. */
  text: string
  /** The methods forwarded, with their params' schemas; any other is -32601. */
  methods: ReadonlyMap<string, z.ZodType<readonly unknown[]>>
  /** The chain asked for: ERC-7677 requests must name the same one in their params. */
  chainId: number
  /** Where the request goes: server-side configuration, never echoed in an answer. */
  url: string
  /** How the service is named in errors: `the bundler "alto" for eip155:31337`. */
  service: string
  /** The guarded fetcher every outbound call of the API goes through. */
  fetch: GuardedFetch
  settings: UserOperationRpcSettings
  /** The incoming request's signal: a client that goes away stops the call. */
  signal?: AbortSignal | undefined
  /** Told of every failure of the service (for the log); the answer says only -32603. */
  onUpstreamError?: ((error: RpcError) => void) | undefined
}

/**
 * Answers one ERC-4337 (bundler) or ERC-7677 (paymaster) JSON-RPC request: checks it against
 * the allow-list and its params, then POSTs it once to the service through the guarded
 * fetcher, within the time and size limits. Nothing is retried, so a user operation is never
 * sent twice. The service's own JSON-RPC errors pass through (its URL scrubbed from them); a
 * non-OK HTTP status is 'Failed to fetch user operation receipt - {status}' (-32603); no
 * answer, a late one, one too large or not JSON is -32603 naming the service. Returns
 * `undefined` for a notification (no id): forwarded, not answered.
 */
export async function forwardUserOperationRpc({
  text,
  methods,
  chainId,
  url,
  service,
  fetch,
  settings,
  signal,
  onUpstreamError,
}: ForwardUserOperationRpcParameters): Promise<JsonRpcResponse | undefined> {
  let id: JsonRpcResponse['id'] = null
  try {
    const parsed = parseRpcBody(text, { maxBatch: Number.MAX_SAFE_INTEGER })
    const [entry] = parsed.entries
    if (parsed.batch)
      throw new RpcInvalidRequestError({ reason: 'send one request per call (no batches).' })
    if (!entry) throw new RpcInvalidRequestError({ reason: 'expected a request object.' })
    if (entry.error) {
      id = entry.id
      throw entry.error
    }
    const { request } = entry
    id = request.id ?? null
    const params = checkRpcParams(request.method, request.params, methods)
    if (request.method.startsWith('pm_')) checkPaymasterChain(request.method, params, chainId)
    const answer = await post(
      { url, service, fetch, settings, signal },
      {
        jsonrpc: '2.0',
        id: 1,
        method: request.method,
        params,
      },
    )
    if (!('id' in request)) return undefined
    return toAnswer(answer, { id, url, service })
  } catch (error) {
    if (!(error instanceof RpcError)) throw error
    if (
      error instanceof UserOperationUpstreamError ||
      error instanceof UserOperationHttpStatusError
    )
      onUpstreamError?.(error)
    return { jsonrpc: '2.0', id, error: { code: error.rpcCode, message: error.shortMessage } }
  }
}

/** ERC-7677's third param is the chain id; one other than the endpoint's is refused (-32602). */
function checkPaymasterChain(method: string, params: readonly unknown[], chainId: number) {
  const asked = BigInt(params[2] as string)
  if (asked !== BigInt(chainId))
    throw new RpcInvalidParamsError({
      method,
      reason: `params[2] is chain ${asked}, but this endpoint serves eip155:${chainId}.`,
    })
}

type PostContext = Pick<
  ForwardUserOperationRpcParameters,
  'url' | 'service' | 'fetch' | 'settings' | 'signal'
>

/** One POST to the service, its JSON answer parsed; throws the -32603 errors above. */
async function post(
  { url, service, fetch, settings, signal }: PostContext,
  body: unknown,
): Promise<unknown> {
  const fail = (reason: string, cause?: unknown) =>
    new UserOperationUpstreamError({ service, reason, cause })
  let text: string
  try {
    const response = await fetch(url, {
      method: 'POST',
      accept: ['application/json'],
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      maxBytes: settings.maxResponseBytes,
      timeoutMs: settings.timeoutMs,
      signal,
    })
    if (!response.ok) {
      await response.body?.cancel().catch(() => {})
      throw new UserOperationHttpStatusError({ httpStatus: response.status })
    }
    text = await response.text()
  } catch (error) {
    if (error instanceof RpcError) throw error
    if (error instanceof OutboundFetchError)
      throw fail(
        error.reason === 'it took too long'
          ? `did not answer within ${settings.timeoutMs} ms.`
          : `did not answer (${error.reason}).`,
        error,
      )
    throw fail('did not answer.', error)
  }
  try {
    return JSON.parse(text)
  } catch (error) {
    throw fail('answered with something that is not JSON.', error)
  }
}

/** The service's answer under the client's id: its result, or its error with the URL scrubbed. */
function toAnswer(
  answer: unknown,
  { id, url, service }: { id: JsonRpcResponse['id']; url: string; service: string },
): JsonRpcResponse {
  const item = typeof answer === 'object' && answer !== null ? answer : {}
  if ('error' in item) {
    const error = jsonRpcErrorSchema.safeParse(item.error)
    if (error.success)
      return {
        jsonrpc: '2.0',
        id,
        error: {
          code: error.data.code,
          message: scrubNodeUrl(error.data.message, url),
          ...('data' in error.data
            ? {
                data:
                  typeof error.data.data === 'string'
                    ? scrubNodeUrl(error.data.data, url)
                    : error.data.data,
              }
            : {}),
        },
      }
  } else if ('result' in item) return { jsonrpc: '2.0', id, result: item.result }
  throw new UserOperationUpstreamError({ service, reason: 'gave no valid answer.' })
}
