import type { LatchConfig } from '../createLatchConfig.ts'
import { ProjectOriginsUnavailableError } from '../errors/projectOrigins.ts'
import { InvalidProjectIdError, OriginNotAllowedError } from '../registry/errors.ts'
import { requestApi } from '../utils/requestApi.ts'

export type GetProjectOriginsParameters = {
  /** Aborts the request. */
  signal?: unknown
}

export type GetProjectOriginsReturnType = {
  /** Origin patterns ("https://app.example.com", "https://*.example.com", "http://localhost:*"). */
  allowedOrigins: string[]
}

export type GetProjectOriginsErrorType =
  | InvalidProjectIdError
  | OriginNotAllowedError
  | ProjectOriginsUnavailableError

/**
 * The origins allowed to use the app's project (`GET /projects/v1/origins`, spec section 7;
 * the answer as `projectOriginsResponseSchema` of `@latch/api-contract` describes it).
 * The API's refusals keep their meaning: 'Unauthorized: invalid key' is an
 * `InvalidProjectIdError`, 'Unauthorized: origin not allowed' an `OriginNotAllowedError`.
 */
export async function getProjectOrigins(
  config: LatchConfig,
  parameters: GetProjectOriginsParameters = {},
): Promise<GetProjectOriginsReturnType> {
  const body = await requestApi(config, {
    path: '/projects/v1/origins',
    signal: parameters.signal,
    toError: (failure) =>
      failure.details === 'Unauthorized: invalid key'
        ? new InvalidProjectIdError(failure)
        : failure.details === 'Unauthorized: origin not allowed'
          ? new OriginNotAllowedError(failure)
          : new ProjectOriginsUnavailableError(failure),
  })
  // Checked by hand, not with the contract's zod schema: this runs as the connect modal opens,
  // and zod stays out of the code loaded before a click.
  const allowedOrigins = (body as { allowedOrigins?: unknown } | undefined)?.allowedOrigins
  if (!Array.isArray(allowedOrigins) || allowedOrigins.some((entry) => typeof entry !== 'string'))
    throw new ProjectOriginsUnavailableError({
      details: 'The answer has no allowedOrigins list of strings.',
    })
  return { allowedOrigins: [...(allowedOrigins as string[])] }
}
