import type { Project, ProjectStore } from './projectStore.ts'

export type CreateCachedProjectStoreParameters = {
  /** How long a project read from `store` is reused in this process (e.g. 5 s). */
  ttlMs: number
  /** Projects kept at most; past it the least recently used go (default 1,000). */
  maxEntries?: number | undefined
  /** The clock in ms (tests move it). */
  now?: (() => number) | undefined
}

export type CachedProjectStore = ProjectStore & {
  /**
   * Forgets this process's copy of `projectId` (every project without one), so the next request
   * reads the store: for a change made elsewhere (the CLI, another API process).
   */
  invalidate(projectId?: string): void
}

/**
 * Every API request names its project: this keeps the projects read from `store` in memory for
 * `ttlMs`, so a request costs no database read for it. Unknown ids are not kept (a project
 * created elsewhere is accepted on its first request), concurrent reads of one id share one
 * query, and every write made through this store forgets the project's copy. A change made
 * elsewhere is seen within `ttlMs`, or at once when `invalidate` is called for it.
 */
export function createCachedProjectStore(
  store: ProjectStore,
  { ttlMs, maxEntries = 1_000, now = Date.now }: CreateCachedProjectStoreParameters,
): CachedProjectStore {
  if (!(ttlMs > 0)) throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}.`)
  if (!Number.isInteger(maxEntries) || maxEntries < 1)
    throw new RangeError(`maxEntries must be a positive integer, got ${maxEntries}.`)
  const entries = new Map<string, { project: Project; expiresAt: number }>()
  const reading = new Map<string, Promise<Project | undefined>>()
  /** Bumped by every invalidation: a read that started before keeps nothing. */
  let generation = 0

  const invalidate = (projectId?: string) => {
    generation++
    if (projectId === undefined) {
      entries.clear()
      reading.clear()
    } else {
      entries.delete(projectId)
      reading.delete(projectId)
    }
  }

  const remember = (project: Project) => {
    entries.delete(project.id)
    if (entries.size >= maxEntries) {
      const oldest = entries.keys().next().value
      if (oldest !== undefined) entries.delete(oldest)
    }
    entries.set(project.id, { project, expiresAt: now() + ttlMs })
  }

  return {
    get(id) {
      const entry = entries.get(id)
      if (entry && entry.expiresAt > now()) {
        entries.delete(id)
        entries.set(id, entry)
        return Promise.resolve(entry.project)
      }
      if (entry) entries.delete(id)
      const inFlight = reading.get(id)
      if (inFlight) return inFlight
      const started = generation
      const read = store
        .get(id)
        .then((project) => {
          if (project && generation === started) remember(project)
          return project
        })
        .finally(() => {
          if (reading.get(id) === read) reading.delete(id)
        })
      reading.set(id, read)
      return read
    },
    list: () => store.list(),
    async upsert(input) {
      invalidate(input.id)
      try {
        return await store.upsert(input)
      } finally {
        invalidate(input.id)
      }
    },
    async ensure(input) {
      invalidate(input.id)
      try {
        return await store.ensure(input)
      } finally {
        invalidate(input.id)
      }
    },
    invalidate,
  }
}
