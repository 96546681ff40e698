import { DrizzleQueryError } from 'drizzle-orm'
import pg from 'pg'
import { BaseError } from '../errors/base.ts'

/** Socket errors of a server that is down, restarting or unreachable. */
const connectionErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** node-postgres' own texts for a lost, refused or timed-out connection. */
const pgConnectionMessage =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Client has encountered a connection error|Client was closed and is not queryable|Cannot use a pool after calling end)/

/**
 * SQLSTATEs of a server that cannot serve now: connection exceptions (08), insufficient
 * resources such as too many connections (53), the server shutting down or starting (57P01-3)
 * and a statement cancelled by `statement_timeout` (57014).
 */
function isOutageSqlState(code: string | undefined): boolean {
  return Boolean(code && (/^(08|53)/.test(code) || /^57P0[1-3]$/.test(code) || code === '57014'))
}

/**
 * Whether a failure means "the database is unavailable" (answered 503, retried later) rather
 * than a bug: a PostgreSQL connection refused, reset, timed out or exhausted, or a server that
 * is shutting down. A socket error counts when a query raised it (Drizzle wraps every query
 * failure) or when it reached the handler unwrapped, never inside another known API error
 * (an RPC call refused is an upstream failure, not a database one).
 */
export function isDatabaseOutage(error: unknown): boolean {
  const chain: unknown[] = []
  for (let current = error; current !== undefined && chain.length < 16; ) {
    chain.push(current)
    current = current instanceof Error ? current.cause : undefined
  }
  if (chain.some((e) => e instanceof pg.DatabaseError && isOutageSqlState(e.code))) return true
  if (chain.some((e) => e instanceof Error && pgConnectionMessage.test(e.message))) return true
  const fromQuery = chain.some((e) => e instanceof DrizzleQueryError)
  if (!fromQuery && error instanceof BaseError) return false
  return chain.some((e) => {
    const code = e instanceof Error ? (e as NodeJS.ErrnoException).code : undefined
    return typeof code === 'string' && connectionErrnos.has(code)
  })
}
