import type { JsonRpcResponse } from '@latch/api-contract'
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { errorResponse } from '../errorResponse.ts'
import { RateLimitedError } from '../errors/rateLimit.ts'
import { RpcChainNotSupportedError, RpcError } from '../errors/rpc.ts'
import type { Logger } from '../logger.ts'
import type { ApiNetwork } from '../network.ts'
import { redactUrls } from '../redactUrls.ts'
import { forwardRpc } from '../services/rpc/forwardRpc.ts'
import { parseRpcBody } from '../services/rpc/parseRpcBody.ts'
import type { RpcSettings } from '../services/rpc/rpcSettings.ts'

export type RpcRouteParameters = {
  networks: readonly ApiNetwork[]
  settings: RpcSettings
  logger: Logger
  /** How the nodes are called; tests inject one. */
  fetchFn?: typeof fetch | undefined
}

/**
 * `POST /v1/?chainId=eip155:N&projectId=P` (and `/v1`): spec section 7's default RPC endpoint.
 * JSON-RPC 2.0, single or batched, forwarded to the node of chain N for the allowed methods.
 * Runs behind the project, origin and rate-limit checks (their refusals keep their HTTP
 * status); everything else is answered as JSON-RPC with HTTP 200, as nodes do. A batch counts
 * as one read per request against the rate limits.
 */
export function rpcRoute({ networks, settings, logger, fetchFn }: RpcRouteParameters) {
  const handler = async (c: Context<AppEnv>) => {
    let parsed: ReturnType<typeof parseRpcBody>
    try {
      parsed = parseRpcBody(await c.req.text(), settings)
    } catch (error) {
      if (!(error instanceof RpcError)) throw error
      const answer: JsonRpcResponse = {
        jsonrpc: '2.0',
        id: null,
        error: { code: error.rpcCode, message: error.shortMessage },
      }
      return c.json(answer)
    }
    // The rate limit counted the request once; each further request of a batch counts too.
    const extra = parsed.entries.length - 1
    const decision = extra > 0 ? c.get('countReads')?.(extra) : undefined
    if (decision && !decision.allowed) {
      c.header('Retry-After', String(decision.retryAfterSeconds))
      return errorResponse(c, new RateLimitedError(decision))
    }
    const chainParam = c.req.query('chainId')
    const chainId = /^eip155:[1-9]\d{0,15}$/.test(chainParam ?? '')
      ? Number(chainParam?.slice('eip155:'.length))
      : undefined
    const network = networks.find((candidate) => candidate.id === chainId)
    const answers = await forwardRpc({
      entries: parsed.entries,
      node: network
        ? { chainId: network.id, url: network.rpcUrl }
        : { error: new RpcChainNotSupportedError({ chainId: chainParam }) },
      settings,
      fetchFn,
      onUpstreamError: (error) =>
        logger.warn(error.shortMessage, {
          requestId: c.get('requestId'),
          cause: describeCause(error.cause),
        }),
    })
    if (parsed.batch) return answers.length > 0 ? c.json(answers) : c.body(null, 204)
    return answers[0] ? c.json(answers[0]) : c.body(null, 204)
  }
  return new Hono<AppEnv>().post('/', handler)
}

/** The cause of a node failure for the log, any URL in it cut to its host. */
function describeCause(cause: unknown): string | undefined {
  if (cause === undefined) return undefined
  const text = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)
  return redactUrls(text)
}
