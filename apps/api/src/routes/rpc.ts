import type { JsonRpcResponse } from '@latch/api-contract'
import { type Context, Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { errorResponse } from '../errorResponse.ts'
import { RateLimitedError } from '../errors/rateLimit.ts'
import { RequestBodyTooLargeError } from '../errors/request.ts'
import { RpcChainNotSupportedError, RpcError } from '../errors/rpc.ts'
import type { Logger } from '../logger.ts'
import type { ApiNetwork } from '../network.ts'
import { redactUrls } from '../redactUrls.ts'
import type { GuardedFetch } from '../services/fetch/createGuardedFetch.ts'
import { type ForwardRpcParameters, forwardRpc } from '../services/rpc/forwardRpc.ts'
import { parseRpcBody } from '../services/rpc/parseRpcBody.ts'
import { postToGuardedNode } from '../services/rpc/postToGuardedNode.ts'
import type { RpcSettings } from '../services/rpc/rpcSettings.ts'
import { solanaRpcMethods, solanaWriteMethods } from '../services/rpc/solanaRpcMethods.ts'
import type { SolanaApiNetwork } from '../services/solana/solanaNetwork.ts'

export type RpcRouteParameters = {
  networks: readonly ApiNetwork[]
  settings: RpcSettings
  logger: Logger
  /** How the nodes are called; tests inject one. */
  fetchFn?: typeof fetch | undefined
  /**
   * The Solana networks whose JSON-RPC is relayed (`chainId=solana:<ref>`), and the guarded
   * fetcher their nodes are called through. Without it every `solana:` chain is unsupported.
   */
  solana?: { networks: readonly SolanaApiNetwork[]; fetch: GuardedFetch } | undefined
}

/**
 * The largest Solana relay body: the relayed body (ids of our own, `params` filled in) must
 * stay under the guarded fetcher's 64 KiB request cap.
 */
export const maxSolanaRelayBodyBytes = 48 * 1024

/**
 * `POST /v1/?chainId=eip155:N&projectId=P` (and `/v1`): spec section 7's default RPC endpoint.
 * JSON-RPC 2.0, single or batched, forwarded to the node of chain N for the allowed methods.
 * `chainId=solana:<ref>` relays Solana JSON-RPC the same way (its own allow-list, through the
 * guarded fetcher), so the page never holds a Solana node URL either.
 * Runs behind the project, origin and rate-limit checks (their refusals keep their HTTP
 * status); everything else is answered as JSON-RPC with HTTP 200, as nodes do. A batch counts
 * as one read per request against the rate limits; a Solana sendTransaction (or the devnet's
 * requestAirdrop) counts as a write too.
 */
export function rpcRoute({ networks, settings, logger, fetchFn, solana }: RpcRouteParameters) {
  const handler = async (c: Context<AppEnv>) => {
    const chainParam = c.req.query('chainId')
    const solanaChain = chainParam?.startsWith('solana:') === true
    const text = await c.req.text()
    if (solanaChain && Buffer.byteLength(text, 'utf8') > maxSolanaRelayBodyBytes)
      return errorResponse(c, new RequestBodyTooLargeError({ maxBytes: maxSolanaRelayBodyBytes }))
    let parsed: ReturnType<typeof parseRpcBody>
    try {
      parsed = parseRpcBody(text, settings)
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
    const onUpstreamError: ForwardRpcParameters['onUpstreamError'] = (error) =>
      logger.warn(error.shortMessage, {
        requestId: c.get('requestId'),
        cause: describeCause(error.cause),
      })
    let answers: Awaited<ReturnType<typeof forwardRpc>>
    if (solanaChain) {
      const network = solana?.networks.find((candidate) => candidate.caipNetworkId === chainParam)
      // A transaction sent (or an airdrop asked for) counts as a write, before it reaches the node.
      const writes = network
        ? parsed.entries.filter(
            (entry) => entry.request && solanaWriteMethods.has(entry.request.method),
          ).length
        : 0
      const writeDecision = writes > 0 ? await c.get('countWrites')?.(writes) : undefined
      if (writeDecision && !writeDecision.allowed) {
        c.header('Retry-After', String(writeDecision.retryAfterSeconds))
        return errorResponse(c, new RateLimitedError(writeDecision))
      }
      answers = await forwardRpc({
        entries: parsed.entries,
        node:
          network && solana
            ? { chainId: network.caipNetworkId, url: network.rpcUrl }
            : { error: new RpcChainNotSupportedError({ chainId: chainParam }) },
        settings,
        methods: solanaRpcMethods({ airdrop: network?.airdrop === true }),
        post: (body) =>
          postToGuardedNode({
            url: network?.rpcUrl ?? '',
            chainId: chainParam ?? '',
            body,
            fetch: solana?.fetch ?? refuse,
            timeoutMs: settings.timeoutMs,
            maxResponseBytes: settings.maxResponseBytes,
          }),
        onUpstreamError,
      })
    } else {
      const chainId = /^eip155:[1-9]\d{0,15}$/.test(chainParam ?? '')
        ? Number(chainParam?.slice('eip155:'.length))
        : undefined
      const network = networks.find((candidate) => candidate.id === chainId)
      answers = await forwardRpc({
        entries: parsed.entries,
        node: network
          ? { chainId: network.id, url: network.rpcUrl }
          : { error: new RpcChainNotSupportedError({ chainId: chainParam }) },
        settings,
        fetchFn,
        onUpstreamError,
      })
    }
    if (parsed.batch) return answers.length > 0 ? c.json(answers) : c.body(null, 204)
    return answers[0] ? c.json(answers[0]) : c.body(null, 204)
  }
  return new Hono<AppEnv>().post('/', handler)
}

/** Never called: a chain without a node is answered before anything is sent. */
const refuse: GuardedFetch = () => Promise.reject(new Error('No node for this chain.'))

/** The cause of a node failure for the log, any URL in it cut to its host. */
function describeCause(cause: unknown): string | undefined {
  if (cause === undefined) return undefined
  const text = cause instanceof Error ? `${cause.name}: ${cause.message}` : String(cause)
  return redactUrls(text)
}
