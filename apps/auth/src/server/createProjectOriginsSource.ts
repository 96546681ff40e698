import { projectOriginsResponseSchema } from '@latch/api-contract'

/** What the API says of a project's allowed origins. */
export type ProjectOrigins =
  | { status: 'ok'; allowedOrigins: string[] }
  /** The API does not know the project (or the id is malformed). */
  | { status: 'unknown' }
  /** The API did not answer in time, or answered an error of its own. */
  | { status: 'unavailable' }

export type CreateProjectOriginsSourceParameters = {
  /** The API's base URL, e.g. `http://127.0.0.1:4171`. */
  apiUrl: string
  /** Per request (default 5000 ms). */
  timeoutMs?: number | undefined
  /** How long an answer is reused (default 30 s; an unknown project 5 s; failures never). */
  cacheMs?: number | undefined
  /** At most this many projects are cached (default 1000; the oldest go first). */
  maxEntries?: number | undefined
  fetchFn?: typeof fetch | undefined
  now?: (() => number) | undefined
}

export type ProjectOriginsSource = {
  get(projectId: string): Promise<ProjectOrigins>
}

/**
 * Reads `GET /projects/v1/origins?projectId=` from the API with a timeout and keeps each answer
 * briefly, so the frame page costs the API one request per project every half minute. Parallel
 * requests for one project share one fetch.
 */
export function createProjectOriginsSource(
  parameters: CreateProjectOriginsSourceParameters,
): ProjectOriginsSource {
  const {
    apiUrl,
    timeoutMs = 5_000,
    cacheMs = 30_000,
    maxEntries = 1_000,
    fetchFn = fetch,
    now = Date.now,
  } = parameters
  const cache = new Map<string, { expiresAt: number; value: Promise<ProjectOrigins> }>()

  async function load(projectId: string): Promise<ProjectOrigins> {
    const url = new URL('/projects/v1/origins', apiUrl)
    url.searchParams.set('projectId', projectId)
    try {
      const response = await fetchFn(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      })
      // The API answers 400 for a malformed id and 401 for an unknown one.
      if (response.status === 400 || response.status === 401 || response.status === 404) {
        await response.body?.cancel()
        return { status: 'unknown' }
      }
      if (!response.ok) {
        await response.body?.cancel()
        return { status: 'unavailable' }
      }
      const parsed = projectOriginsResponseSchema.safeParse(await response.json())
      return parsed.success
        ? { status: 'ok', allowedOrigins: parsed.data.allowedOrigins }
        : { status: 'unavailable' }
    } catch {
      return { status: 'unavailable' }
    }
  }

  return {
    get(projectId) {
      const time = now()
      const cached = cache.get(projectId)
      if (cached && cached.expiresAt > time) return cached.value
      cache.delete(projectId)
      const value = load(projectId)
      // Until it settles the fetch is shared; then kept as long as its kind deserves.
      cache.set(projectId, { expiresAt: Number.POSITIVE_INFINITY, value })
      void value.then((result) => {
        if (cache.get(projectId)?.value !== value) return
        if (result.status === 'unavailable') cache.delete(projectId)
        else
          cache.set(projectId, {
            expiresAt: now() + (result.status === 'ok' ? cacheMs : Math.min(cacheMs, 5_000)),
            value,
          })
      })
      while (cache.size > maxEntries) {
        const oldest = cache.keys().next().value
        if (oldest === undefined) break
        cache.delete(oldest)
      }
      return value
    },
  }
}
