import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import type { LatchDb } from '../db/createDatabase.ts'

/** Held while this process indexes a chain; lost when it cannot be renewed in time. */
export type Lease = {
  /** False once the lease is lost (another process may then lead) or released. */
  check(): Promise<boolean>
  release(): Promise<void>
}

/** Decides which process indexes a chain: exactly one at a time per chain and database. */
export type Leadership = {
  /** The chain's lease, or undefined when another process holds it. */
  acquire(chainId: number): Promise<Lease | undefined>
}

export type CreateLeadershipOptions = {
  /**
   * How long a lease lasts without renewal (default 30000 ms); it is renewed every third of
   * that. A leader that crashes or loses the database loses its chains after this long.
   */
  leaseTtlMs?: number | undefined
  /** Names this process in the lease rows (default `<host>:<pid>:<random>`). */
  holder?: string | undefined
}

/**
 * Leadership for the database behind `db`. On PostgreSQL a lease is a row of
 * `indexer_leases` with an expiry, renewed by a heartbeat: API processes sharing a server elect
 * one indexer per chain, no pool connection is held for it, and when the leader stops (its
 * lease deleted) or crashes or loses the database (its lease expires), a standby takes over.
 * PGlite belongs to one process, which always leads.
 */
export function createLeadership(db: LatchDb, options: CreateLeadershipOptions = {}): Leadership {
  const client = (db as unknown as { $client?: unknown }).$client
  if (client instanceof pg.Pool) return createLeaseRowLeadership(db, options)
  return { acquire: async () => ({ check: async () => true, release: async () => {} }) }
}

function createLeaseRowLeadership(db: LatchDb, options: CreateLeadershipOptions): Leadership {
  const ttlMs = options.leaseTtlMs ?? 30_000
  const holder = options.holder ?? `${hostname()}:${process.pid}:${randomBytes(6).toString('hex')}`
  const held = new Set<number>()
  const expiry = sql`now() + ${Math.round(ttlMs)}::int * interval '1 millisecond'`

  return {
    async acquire(chainId) {
      if (held.has(chainId)) return undefined
      // Local deadlines count from before the statement, so they end before the server's.
      const sentAt = performance.now()
      const taken = await db.execute(sql`
        INSERT INTO indexer_leases (chain_id, holder, expires_at)
        VALUES (${chainId}, ${holder}, ${expiry})
        ON CONFLICT (chain_id) DO UPDATE
          SET holder = excluded.holder, expires_at = excluded.expires_at
          WHERE indexer_leases.expires_at < now() OR indexer_leases.holder = excluded.holder
        RETURNING chain_id
      `)
      if (taken.rows.length === 0) return undefined
      held.add(chainId)

      let deadline = sentAt + ttlMs
      let lost = false
      let released = false
      let renewing = false
      const renew = async () => {
        if (renewing || lost || released) return
        renewing = true
        const sentAt = performance.now()
        try {
          const renewed = await db.execute(sql`
            UPDATE indexer_leases SET expires_at = ${expiry}
            WHERE chain_id = ${chainId} AND holder = ${holder}
            RETURNING chain_id
          `)
          // Taken over after it expired (this process was cut off for longer than the TTL).
          if (renewed.rows.length === 0) lost = true
          else if (!lost) deadline = sentAt + ttlMs
        } catch {
          // The database is unreachable: keep trying until the deadline passes.
        } finally {
          renewing = false
        }
      }
      const heartbeat = setInterval(renew, Math.max(10, Math.floor(ttlMs / 3)))
      heartbeat.unref()

      return {
        async check() {
          if (!lost && performance.now() >= deadline) lost = true
          return !lost && !released
        },
        async release() {
          if (released) return
          released = true
          clearInterval(heartbeat)
          held.delete(chainId)
          // If this fails (the database is down), the row simply expires.
          await db
            .execute(
              sql`DELETE FROM indexer_leases WHERE chain_id = ${chainId} AND holder = ${holder}`,
            )
            .catch(() => {})
        },
      }
    },
  }
}
