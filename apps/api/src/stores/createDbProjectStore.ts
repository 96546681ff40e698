import { asc, eq } from 'drizzle-orm'
import type { LatchDb } from '../db/createDatabase.ts'
import { projects } from '../db/schema/index.ts'
import type { Project, ProjectInput, ProjectStore } from './projectStore.ts'

/** A `ProjectStore` over the `projects` table, shared by every API process and the CLI. */
export function createDbProjectStore({ db }: { db: LatchDb }): ProjectStore {
  const values = (input: ProjectInput) => ({
    name: input.name,
    allowedOrigins: [...(input.allowedOrigins ?? [])],
    features: { ...input.features },
  })
  return {
    async get(id) {
      const [row] = await db.select().from(projects).where(eq(projects.id, id))
      return row
    },
    async list() {
      return db.select().from(projects).orderBy(asc(projects.createdAt), asc(projects.id))
    },
    async upsert(input) {
      const [row] = await db
        .insert(projects)
        .values({ id: input.id, ...values(input) })
        .onConflictDoUpdate({ target: projects.id, set: values(input) })
        .returning()
      return row as Project
    },
    async ensure(input) {
      // Two API processes may seed the same id at once: insert-or-nothing, then read.
      await db
        .insert(projects)
        .values({ id: input.id, ...values(input) })
        .onConflictDoNothing({ target: projects.id })
      const [row] = await db.select().from(projects).where(eq(projects.id, input.id))
      return row as Project
    },
  }
}
