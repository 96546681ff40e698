import { BaseError } from './base.ts'

/** One problem of one setting: `path` is the setting and where inside it, e.g. `LATCH_NETWORKS[0].rpcUrl`. */
export type ConfigIssue = { variable: string; path: string; message: string }

/** One or more settings failed validation; each problem is a line of `metaMessages`. */
export class InvalidConfigError extends BaseError {
  override name = 'InvalidConfigError'
  readonly variables: readonly string[]
  readonly issues: readonly ConfigIssue[]
  constructor({ issues }: { issues: readonly ConfigIssue[] }) {
    const variables = [...new Set(issues.map((issue) => issue.variable))]
    super(`Invalid environment variables: ${variables.join(', ')}.`, {
      metaMessages: issues.map((issue) => `- ${issue.path}: ${issue.message}`),
    })
    this.variables = variables
    this.issues = issues
  }
}

/** The `.env` file named by LATCH_ENV_FILE is missing or unreadable. */
export class EnvFileError extends BaseError {
  override name = 'EnvFileError'
  constructor({ path, cause }: { path: string; cause: unknown }) {
    super(`Cannot read the settings file "${path}".`, {
      metaMessages: [
        cause instanceof Error ? cause.message : String(cause),
        'Fix LATCH_ENV_FILE, or unset it to read the .env at the repository root.',
      ],
      cause,
    })
  }
}
