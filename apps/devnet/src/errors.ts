/** The base of every error the devnet throws: one sentence, values quoted, hints apart. */
export class DevnetError extends Error {
  override name = 'DevnetError'
  /** The message without hints. */
  readonly shortMessage: string
  /** Extra lines that help fix the problem (a command to run, a log tail). */
  readonly metaMessages: readonly string[]

  constructor(shortMessage: string, options: { cause?: unknown; metaMessages?: string[] } = {}) {
    const metaMessages = options.metaMessages ?? []
    super([shortMessage, ...metaMessages].join('\n'), { cause: options.cause })
    this.shortMessage = shortMessage
    this.metaMessages = metaMessages
  }
}

/** A port the stack needs is already bound by another process. */
export class PortInUseError extends DevnetError {
  override name = 'PortInUseError'
  readonly port: number

  constructor({ port, label }: { port: number; label: string }) {
    super(
      `Port ${port} is in use (${label}). Stop the other process (lsof -i :${port}) or set LATCH_PORT_BASE to another base.`,
    )
    this.port = port
  }
}

/** An anvil process exited or did not answer `eth_chainId` in time. */
export class AnvilStartError extends DevnetError {
  override name = 'AnvilStartError'
}

/** There is no `.latch/devnet.json`, or nothing answers at the URLs it names. */
export class DevnetNotRunningError extends DevnetError {
  override name = 'DevnetNotRunningError'

  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super('The devnet is not running: start it with `npm start`.', {
      cause,
      metaMessages: [reason],
    })
  }
}

/** `.latch/devnet.json` exists but does not match the manifest schema. */
export class InvalidManifestError extends DevnetError {
  override name = 'InvalidManifestError'
}

/** A faucet request names something the devnet does not have (chain, token, amount). */
export class FaucetRequestError extends DevnetError {
  override name = 'FaucetRequestError'
}

/**
 * A devnet transaction (a deployment, mint or faucet payment) reverted, or anvil did not accept
 * it or did not mine it in time. Names the chain and the step.
 */
export class DevnetTransactionError extends DevnetError {
  override name = 'DevnetTransactionError'
  readonly chainId: number
  readonly step: string

  constructor(
    shortMessage: string,
    options: { chainId: number; step: string; cause?: unknown; metaMessages?: string[] },
  ) {
    super(shortMessage, options)
    this.chainId = options.chainId
    this.step = options.step
  }
}
