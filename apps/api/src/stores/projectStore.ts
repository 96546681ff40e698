/** A client application allowed to call the API, identified by the `projectId` it sends. */
export type Project = {
  id: string
  name: string
  /**
   * Origin patterns allowed to call the API with this project (`https://*.example.com`,
   * `http://localhost:*`); empty means the API's default list (LATCH_ALLOWED_ORIGINS).
   */
  allowedOrigins: readonly string[]
  /** Feature switches; a missing key means the feature's default. */
  features: Readonly<Record<string, boolean>>
  createdAt: Date
}

/** What creating or seeding a project takes; the store fills in the rest. */
export type ProjectInput = {
  id: string
  name: string
  allowedOrigins?: readonly string[] | undefined
  features?: Readonly<Record<string, boolean>> | undefined
}

/**
 * Where projects are kept: the database in production (`createDbProjectStore`), a list in
 * tests (`createMemoryProjectStore`).
 */
export type ProjectStore = {
  get(id: string): Promise<Project | undefined>
  /** Every project, oldest first. */
  list(): Promise<readonly Project[]>
  /** Inserts the project, or replaces the name, origins and features of the one with its id. */
  upsert(input: ProjectInput): Promise<Project>
  /** Inserts the project unless one with its id exists; returns the stored project. */
  ensure(input: ProjectInput): Promise<Project>
}
