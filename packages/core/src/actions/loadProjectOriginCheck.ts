import type { LatchConfig } from '../createLatchConfig.ts'
import { ProjectOriginsUnavailableError } from '../errors/projectOrigins.ts'
import { getRequestCache, type RequestState } from '../utils/createRequestCache.ts'
import { checkProjectOrigin } from './checkProjectOrigin.ts'

/** `allowed`, or `unchecked` when the API could not answer (asked again next time). */
export type ProjectOriginCheck = 'allowed' | 'unchecked'

/** The cache key of the origin check in `getRequestCache(config)`. */
export function projectOriginCheckKey(origin: string): string {
  return `projectOrigin:${origin}`
}

/**
 * The connect modal's origin check (`checkProjectOrigin`) in the config's request cache: a
 * refusal (`OriginNotAllowedError`, `UnverifiedDomainError`) is the state's `error` and the
 * answer for the page's session, as is `allowed`; an API that cannot answer gives `unchecked`,
 * asked again on the next load. Not retried. Never rejects.
 */
export function loadProjectOriginCheck(
  config: LatchConfig,
  origin: string,
): Promise<RequestState<ProjectOriginCheck>> {
  return getRequestCache(config).load(
    projectOriginCheckKey(origin),
    async (): Promise<ProjectOriginCheck> => {
      try {
        await checkProjectOrigin(config, { origin })
        return 'allowed'
      } catch (error) {
        // The API unreachable: not an answer about the origin.
        if (error instanceof ProjectOriginsUnavailableError) return 'unchecked'
        throw error
      }
    },
    {
      staleMs: (answer) => (answer === 'unchecked' ? 0 : Number.POSITIVE_INFINITY),
      retry: 0,
      reloadOnError: false,
    },
  )
}
