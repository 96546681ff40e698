import { BaseError } from './base.ts'

/** The runtime configuration has no project id (spec alert "Project ID Not Configured"). */
export class ProjectIdNotConfiguredError extends BaseError {
  override name = 'ProjectIdNotConfiguredError' as const
  override readonly code = 'PROJECT_ID_NOT_CONFIGURED'
  constructor() {
    super('Project ID Not Configured.', {
      metaMessages: ['Set LATCH_PROJECT_ID, or start the devnet so the manifest provides one.'],
    })
  }
}

/** The runtime configuration is missing or malformed; each issue names its field. */
export class InvalidConfigError extends BaseError {
  override name = 'InvalidConfigError' as const
  override readonly code = 'INVALID_CONFIG'
  readonly issues: readonly string[]
  constructor(issues: readonly string[]) {
    super('The app configuration is invalid.', { metaMessages: issues })
    this.issues = issues
  }
}
