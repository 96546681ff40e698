import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { errorResponse } from '../errorResponse.ts'
import { RateLimitedError } from '../errors/rateLimit.ts'
import type {
  RateLimitCheck,
  RateLimitCounter,
  RateLimitDecision,
} from '../stores/createRateLimitCounter.ts'
import { rateLimitClientIp } from './rateLimitClientIp.ts'

/** Requests allowed per window (`RateLimitCounter`'s, one minute by default). */
export type RateLimitSettings = {
  /** Reads (GET, HEAD, OPTIONS) of one client IP. */
  readsPerIp: number
  /** Reads of one project, whichever the client. */
  readsPerProject: number
  /** Writes (nonces, names, sessions: any other method) of one client IP. */
  writesPerIp: number
  /** Writes of one project. */
  writesPerProject: number
  /** Proxies in front of the API whose `X-Forwarded-For` is trusted (0: use the socket). */
  trustProxyHops: number
}

/** The defaults: generous for people, tight enough that one client cannot flood the writes. */
export const defaultRateLimitSettings: RateLimitSettings = {
  readsPerIp: 3000,
  readsPerProject: 60_000,
  writesPerIp: 120,
  writesPerProject: 3000,
  trustProxyHops: 0,
}

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Per client IP and per project rate limits. Reads are counted in memory and flushed to the
 * shared counters in the background (no database round trip per request); writes add to the
 * shared counters before they run. Over a limit: 429, `Retry-After` and a JSON error. Runs
 * after CORS, so the refusal carries the CORS headers. `/health` is never limited.
 */
export function rateLimit({
  counter,
  settings,
}: {
  counter: RateLimitCounter
  settings: RateLimitSettings
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.path === '/health') return next()
    const ip = rateLimitClientIp(c, settings.trustProxyHops)
    // Only a known project is counted: random ids must not grow the counters.
    const projectId = c.get('projectLookup')?.project?.id
    const checks = (kind: 'r' | 'w', perIp: number, perProject: number): RateLimitCheck[] => [
      { key: `ip:${kind}:${ip}`, limit: perIp, scope: 'ip' },
      ...(projectId === undefined
        ? []
        : [{ key: `project:${kind}:${projectId}`, limit: perProject, scope: 'project' as const }]),
    ]
    const readChecks = checks('r', settings.readsPerIp, settings.readsPerProject)
    let decision = counter.hit(readChecks)
    // JSON-RPC (`POST /v1/`) is reads of the chain: counted as reads, one per batched request;
    // the route counts the writes among them (a Solana sendTransaction) through countWrites.
    const jsonRpc = c.req.method === 'POST' && (c.req.path === '/v1' || c.req.path === '/v1/')
    if (decision.allowed && !readMethods.has(c.req.method) && !jsonRpc)
      decision = await counter.consume(checks('w', settings.writesPerIp, settings.writesPerProject))
    if (!decision.allowed) {
      c.header('Retry-After', String(decision.retryAfterSeconds))
      return errorResponse(c, new RateLimitedError(decision))
    }
    c.set('countReads', (count) => {
      let counted: RateLimitDecision = { allowed: true }
      for (let index = 0; index < count && counted.allowed; index++)
        counted = counter.hit(readChecks)
      return counted
    })
    c.set('countWrites', async (count) => {
      let counted: RateLimitDecision = { allowed: true }
      const writeChecks = checks('w', settings.writesPerIp, settings.writesPerProject)
      for (let index = 0; index < count && counted.allowed; index++)
        counted = await counter.consume(writeChecks)
      return counted
    })
    await next()
  }
}
