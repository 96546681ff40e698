import { findFreePort } from '@latch/test'
import { DrizzleQueryError } from 'drizzle-orm'
import pg from 'pg'
import { expect, test } from 'vitest'
import { RpcUnavailableError } from '../errors/upstream.ts'
import { isDatabaseOutage } from './isDatabaseOutage.ts'

function databaseError(code: string): pg.DatabaseError {
  const error = new pg.DatabaseError('server says no', 0, 'error')
  error.code = code
  return error
}

test('a server that refuses connections, as the pool and Drizzle report it, is an outage', async () => {
  const pool = new pg.Pool({
    connectionString: `postgresql://postgres@127.0.0.1:${await findFreePort()}/postgres`,
    connectionTimeoutMillis: 1_000,
  })
  const refused = await pool.query('SELECT 1').catch((error: unknown) => error)
  await pool.end()
  expect((refused as NodeJS.ErrnoException).code).toBe('ECONNREFUSED')
  expect(isDatabaseOutage(refused)).toBe(true)
  expect(isDatabaseOutage(new DrizzleQueryError('SELECT 1', [], refused as Error))).toBe(true)
})

test('lost connections, timeouts and a server shutting down are outages', () => {
  for (const message of [
    'Connection terminated unexpectedly',
    'timeout exceeded when trying to connect',
    'Query read timeout',
  ])
    expect(isDatabaseOutage(new DrizzleQueryError('SELECT 1', [], new Error(message)))).toBe(true)
  // admin_shutdown, cannot_connect_now, too_many_connections, statement timeout, 08006.
  for (const code of ['57P01', '57P03', '53300', '57014', '08006'])
    expect(isDatabaseOutage(new DrizzleQueryError('SELECT 1', [], databaseError(code)))).toBe(true)
})

test('query bugs, constraint violations and other upstreams are not', () => {
  // unique_violation, undefined_table, invalid_text_representation.
  for (const code of ['23505', '42P01', '22P02'])
    expect(isDatabaseOutage(new DrizzleQueryError('SELECT 1', [], databaseError(code)))).toBe(false)
  expect(isDatabaseOutage(new TypeError('x is undefined'))).toBe(false)
  // An RPC that refuses connections is an upstream failure (502), not the database.
  const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:8545'), {
    code: 'ECONNREFUSED',
  })
  expect(isDatabaseOutage(new RpcUnavailableError({ chainId: 1, cause: refused }))).toBe(false)
})
