import { BaseError, type BaseErrorParameters } from './base.ts'

/**
 * The project has no domain set up for it (`GET /projects/v1/origins` answers an empty list):
 * spec alert "Invalid App Configuration" (unverified domain), shown before a wallet is picked.
 */
export class UnverifiedDomainError extends BaseError {
  override name = 'UnverifiedDomainError' as const
  override readonly code = 'UNVERIFIED_DOMAIN'
  constructor(parameters: BaseErrorParameters = {}) {
    super('This domain is not verified for the project.', {
      ...parameters,
      metaMessages: [
        "Add the app's origin to the project (npm run projects -- create --origin ...) or to the API's LATCH_ALLOWED_ORIGINS.",
      ],
    })
  }
}

/** `GET /projects/v1/origins` failed (offline, the API down): the modal opens unchecked. */
export class ProjectOriginsUnavailableError extends BaseError {
  override name = 'ProjectOriginsUnavailableError' as const
  override readonly code = 'PROJECT_ORIGINS_UNAVAILABLE'
  readonly status: number | undefined
  constructor(parameters: BaseErrorParameters & { status?: number | undefined } = {}) {
    super("The project's allowed origins could not be loaded.", parameters)
    this.status = parameters.status
  }
}
