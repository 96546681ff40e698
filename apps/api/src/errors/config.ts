import { BaseError } from './base.ts'

/**
 * One or more environment variables failed validation; each is named in `metaMessages`, with
 * where inside it (`path`, e.g. `LATCH_NETWORKS[0].rpcUrl`) when the problem is deeper.
 */
export class InvalidEnvError extends BaseError {
  override name = 'InvalidEnvError'
  readonly variables: readonly string[]
  constructor({
    issues,
  }: {
    issues: readonly { variable: string; path?: string | undefined; message: string }[]
  }) {
    const variables = [...new Set(issues.map((issue) => issue.variable))]
    super(`Invalid environment variables: ${variables.join(', ')}.`, {
      metaMessages: issues.map((issue) => `- ${issue.path ?? issue.variable}: ${issue.message}`),
    })
    this.variables = variables
  }
}

export class NoNetworksConfiguredError extends BaseError {
  override name = 'NoNetworksConfiguredError'
  constructor({ manifestPath }: { manifestPath: string }) {
    super('No networks configured: start the devnet (npm start) or set LATCH_NETWORKS.', {
      metaMessages: [`Looked for the devnet manifest at ${manifestPath}.`],
    })
  }
}

export class InvalidManifestError extends BaseError {
  override name = 'InvalidManifestError'
  constructor({ manifestPath, details }: { manifestPath: string; details: string }) {
    super(`The devnet manifest at "${manifestPath}" is invalid.`, {
      metaMessages: [details, 'Restart the devnet (npm start) to write a fresh one.'],
    })
  }
}

export class PortInUseError extends BaseError {
  override name = 'PortInUseError'
  constructor({ host, port }: { host: string; port: number }) {
    super(`Port ${port} on ${host} is already in use.`, {
      metaMessages: ['Stop the process using it, or set PORT to another port.'],
    })
  }
}

/** The wallet registry file is unreadable or has bad entries; each problem names its entry. */
export class InvalidWalletRegistryError extends BaseError {
  override name = 'InvalidWalletRegistryError'
  readonly entries: readonly string[]
  constructor({
    source,
    entries,
    problems,
  }: {
    source: string
    entries: readonly string[]
    problems: readonly string[]
  }) {
    super(
      entries.length > 0
        ? `Invalid wallet registry entries in "${source}": ${entries.join(', ')}.`
        : `The wallet registry at "${source}" is invalid.`,
      { metaMessages: problems },
    )
    this.entries = entries
  }
}
