import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { LatchDb, LatchTransaction } from '../../db/createDatabase.ts'
import { sessions, signInNonces } from '../../db/schema/index.ts'
import type { NonceState, SessionRecord, SessionStore } from './sessionStore.ts'

export type CreateDbSessionStoreParameters = {
  db: LatchDb
  /** How often this process deletes long-expired nonces, at most (default one minute). */
  sweepIntervalMs?: number | undefined
}

/**
 * A `SessionStore` over the `sign_in_nonces` and `sessions` tables. Expired nonces are kept a
 * day (so a late sign-in hears "expired", not "unknown") and then swept when nonces are added;
 * a nonce that opened a session stays "used" for good through the session's `nonce`.
 */
export function createDbSessionStore({
  db,
  sweepIntervalMs = 60_000,
}: CreateDbSessionStoreParameters): SessionStore {
  let lastSweep = 0
  return {
    async addNonce({ projectId, nonce, ttlMs, maxOutstanding }) {
      const expiresAt = sql`now() + make_interval(secs => ${ttlMs / 1000})`
      if (maxOutstanding === undefined)
        await db.insert(signInNonces).values({ nonce, projectId, expiresAt })
      else {
        // One statement: counted and inserted together (processes racing may pass the cap by
        // the few nonces they write in the same instant).
        const inserted = await db.execute<{ nonce: string }>(sql`
          INSERT INTO sign_in_nonces (nonce, project_id, expires_at)
          SELECT ${nonce}, ${projectId}, ${expiresAt}
          WHERE (
            SELECT count(*) FROM (
              SELECT 1 FROM sign_in_nonces
              WHERE project_id = ${projectId} AND used_at IS NULL AND expires_at > now()
              LIMIT ${maxOutstanding}
            ) AS outstanding
          ) < ${maxOutstanding}
          RETURNING nonce`)
        if (inserted.rows.length === 0) {
          const [first] = await db
            .select({
              ms: sql<number>`extract(epoch from (min(${signInNonces.expiresAt}) - now())) * 1000`,
            })
            .from(signInNonces)
            .where(
              and(
                eq(signInNonces.projectId, projectId),
                isNull(signInNonces.usedAt),
                gt(signInNonces.expiresAt, sql`now()`),
              ),
            )
          return { added: false, retryAfterMs: Math.max(1000, Math.ceil(Number(first?.ms ?? 0))) }
        }
      }
      if (Date.now() - lastSweep >= sweepIntervalMs) {
        lastSweep = Date.now()
        await db
          .delete(signInNonces)
          .where(lt(signInNonces.expiresAt, sql`now() - interval '1 day'`))
      }
      return { added: true }
    },
    async sweepExpiredNonces() {
      const rows = await db
        .delete(signInNonces)
        .where(and(isNull(signInNonces.usedAt), lt(signInNonces.expiresAt, sql`now()`)))
        .returning({ nonce: signInNonces.nonce })
      return rows.length
    },
    getNonceState: (input) => readNonceState(db, input),
    async create(session) {
      return db.transaction(async (tx) => {
        // The conditional update is the single-use guarantee: a concurrent sign-in with the same
        // nonce waits on the row lock and then no longer matches `used_at IS NULL`.
        const consumed = await tx
          .update(signInNonces)
          .set({ usedAt: sql`now()` })
          .where(
            and(
              eq(signInNonces.nonce, session.nonce),
              eq(signInNonces.projectId, session.projectId),
              isNull(signInNonces.usedAt),
              gt(signInNonces.expiresAt, sql`now()`),
            ),
          )
          .returning({ nonce: signInNonces.nonce })
        if (consumed.length === 0) {
          const state = await readNonceState(tx, session)
          return { status: state === 'usable' ? 'used' : state }
        }
        const [row] = await tx.insert(sessions).values(session).returning()
        return { status: 'created', session: toRecord(row as SessionRow) }
      })
    },
    async get({ projectId, id }) {
      const [row] = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.projectId, projectId), eq(sessions.id, id)))
      return row && toRecord(row)
    },
    async listActive({ projectId, address }) {
      const rows = await db
        .select()
        .from(sessions)
        .where(
          and(
            eq(sessions.projectId, projectId),
            eq(sessions.address, address),
            isNull(sessions.revokedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        )
        .orderBy(desc(sessions.createdAt), desc(sessions.issuedAt), desc(sessions.id))
      return rows.map(toRecord)
    },
    async revoke({ projectId, id }) {
      const rows = await db
        .update(sessions)
        .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, now())` })
        .where(and(eq(sessions.projectId, projectId), eq(sessions.id, id)))
        .returning({ id: sessions.id })
      return rows.length > 0
    },
  }
}

type SessionRow = typeof sessions.$inferSelect

function toRecord(row: SessionRow): SessionRecord {
  return row
}

async function readNonceState(
  db: LatchDb | LatchTransaction,
  { projectId, nonce }: { projectId: string; nonce: string },
): Promise<NonceState> {
  const [row] = await db
    .select({
      used: sql<boolean>`${signInNonces.usedAt} IS NOT NULL`,
      fresh: gt(signInNonces.expiresAt, sql`now()`),
    })
    .from(signInNonces)
    .where(and(eq(signInNonces.nonce, nonce), eq(signInNonces.projectId, projectId)))
  if (row?.used) return 'used'
  // A swept nonce that opened a session is still a replay.
  const [session] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.projectId, projectId), eq(sessions.nonce, nonce)))
  if (session) return 'used'
  if (!row) return 'unknown'
  return row.fresh ? 'usable' : 'expired'
}
