/** A client application allowed to call the API, identified by the `projectId` it sends. */
export type Project = {
  id: string
  name: string
}

/**
 * Where projects are looked up. Async so a database-backed store (Drizzle over PGlite or
 * PostgreSQL) can replace the in-memory one without touching its callers.
 */
export type ProjectStore = {
  get(id: string): Promise<Project | undefined>
}
