import { asc, eq, sql } from 'drizzle-orm'
import type { LatchDb } from '../db/createDatabase.ts'
import { projects } from '../db/schema/index.ts'
import type { Project, ProjectInput, ProjectStore } from './projectStore.ts'
import { projectChangesChannel } from './watchProjectChanges.ts'

/**
 * A `ProjectStore` over the `projects` table, shared by every API process and the CLI. Every
 * write also sends `NOTIFY latch_projects` with the project's id, in its transaction (so only
 * once it commits): API processes on PostgreSQL listen and forget their cached copy at once
 * (`watchProjectChanges`), whichever process or CLI wrote it.
 */
export function createDbProjectStore({ db }: { db: LatchDb }): ProjectStore {
  const values = (input: ProjectInput) => ({
    name: input.name,
    allowedOrigins: [...(input.allowedOrigins ?? [])],
    features: { ...input.features },
  })
  const notify = (tx: Pick<LatchDb, 'execute'>, id: string) =>
    tx.execute(sql`SELECT pg_notify(${projectChangesChannel}, ${id})`)
  return {
    async get(id) {
      const [row] = await db.select().from(projects).where(eq(projects.id, id))
      return row
    },
    async list() {
      return db.select().from(projects).orderBy(asc(projects.createdAt), asc(projects.id))
    },
    upsert(input) {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(projects)
          .values({ id: input.id, ...values(input) })
          .onConflictDoUpdate({ target: projects.id, set: values(input) })
          .returning()
        await notify(tx, input.id)
        return row as Project
      })
    },
    async ensure(input) {
      // Two API processes may seed the same id at once: insert-or-nothing, then read.
      const inserted = await db.transaction(async (tx) => {
        const rows = await tx
          .insert(projects)
          .values({ id: input.id, ...values(input) })
          .onConflictDoNothing({ target: projects.id })
          .returning()
        if (rows.length > 0) await notify(tx, input.id)
        return rows[0]
      })
      if (inserted) return inserted as Project
      const [row] = await db.select().from(projects).where(eq(projects.id, input.id))
      return row as Project
    },
  }
}
