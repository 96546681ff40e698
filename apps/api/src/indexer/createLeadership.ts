import pg from 'pg'
import type { LatchDb } from '../db/createDatabase.ts'

/** Held while this process indexes a chain; lost when its database session ends. */
export type Lease = {
  /** False once the session holding the lock is gone (another process may then lead). */
  check(): Promise<boolean>
  release(): Promise<void>
}

/** Decides which process indexes a chain: exactly one at a time per chain and database. */
export type Leadership = {
  /** The chain's lease, or undefined when another process holds it. */
  acquire(chainId: number): Promise<Lease | undefined>
}

/** A fixed prefix ("LA") above the chain id, so the keys do not collide with other locks. */
function lockKey(chainId: number): string {
  return ((0x4c41n << 48n) | BigInt(chainId)).toString()
}

/**
 * Leadership for the database behind `db`: on PostgreSQL, a session advisory lock per chain
 * (`pg_try_advisory_lock`) held on a connection of its own, so API processes sharing a server
 * elect one indexer per chain and a standby takes over when the leader's session ends. PGlite
 * belongs to one process, which always leads.
 */
export function createLeadership(db: LatchDb): Leadership {
  const client = (db as unknown as { $client?: unknown }).$client
  if (client instanceof pg.Pool) return createAdvisoryLockLeadership(client)
  return { acquire: async () => ({ check: async () => true, release: async () => {} }) }
}

function createAdvisoryLockLeadership(pool: pg.Pool): Leadership {
  return {
    async acquire(chainId) {
      const connection = await pool.connect()
      let alive = true
      const onError = () => {
        alive = false
      }
      connection.on('error', onError)
      try {
        const result = await connection.query<{ locked: boolean }>(
          'SELECT pg_try_advisory_lock($1::bigint) AS locked',
          [lockKey(chainId)],
        )
        if (!result.rows[0]?.locked) {
          connection.off('error', onError)
          connection.release()
          return undefined
        }
      } catch (error) {
        connection.off('error', onError)
        connection.release(true)
        throw error
      }
      let released = false
      return {
        async check() {
          if (!alive || released) return false
          try {
            await connection.query('SELECT 1')
            return true
          } catch {
            alive = false
            return false
          }
        },
        async release() {
          if (released) return
          released = true
          connection.off('error', onError)
          if (!alive) {
            connection.release(true)
            return
          }
          try {
            await connection.query('SELECT pg_advisory_unlock($1::bigint)', [lockKey(chainId)])
            connection.release()
          } catch {
            // Ending the session releases the lock anyway.
            connection.release(true)
          }
        },
      }
    },
  }
}
