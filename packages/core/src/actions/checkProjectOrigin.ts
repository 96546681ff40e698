import type { LatchConfig } from '../createLatchConfig.ts'
import { UnverifiedDomainError } from '../errors/projectOrigins.ts'
import { OriginNotAllowedError } from '../registry/errors.ts'
import { isOriginAllowed } from '../utils/isOriginAllowed.ts'
import { getProjectOrigins } from './getProjectOrigins.ts'

export type CheckProjectOriginParameters = {
  /** The page's origin: `location.origin`. */
  origin: string
}

/** Answers of `GET /projects/v1/origins`, per config, for the page's session. */
const answers = new WeakMap<LatchConfig, ReturnType<typeof getProjectOrigins>>()

/**
 * Checks, as the connect modal opens and before a wallet is picked, that the project allows
 * this page's origin (spec section 7), by the API's own pattern rules (`isOriginAllowed`).
 * The allowed origins are fetched once per config and page session (a failed fetch is tried
 * again next time). Throws `OriginNotAllowedError` when the origin is not in the list and
 * `UnverifiedDomainError` when the project allows no origin at all (both shown as the spec's
 * 'Invalid App Configuration' alert); the API's own refusals pass through.
 */
export async function checkProjectOrigin(
  config: LatchConfig,
  parameters: CheckProjectOriginParameters,
): Promise<void> {
  let answer = answers.get(config)
  if (!answer) {
    answer = getProjectOrigins(config)
    answers.set(config, answer)
    answer.catch(() => answers.delete(config))
  }
  const { allowedOrigins } = await answer
  if (allowedOrigins.length === 0)
    throw new UnverifiedDomainError({
      details: `The project allows no origin, so ${parameters.origin} cannot use it.`,
    })
  if (!isOriginAllowed(parameters.origin, allowedOrigins))
    throw new OriginNotAllowedError({
      details: `${parameters.origin} is not one of the project's allowed origins (${allowedOrigins.join(', ')}).`,
    })
}
