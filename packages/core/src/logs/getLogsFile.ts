import type { LatchConfig } from '../createLatchConfig.ts'

export type GetLogsFileParameters = {
  /** The file's time (default now). */
  now?: Date | undefined
  /** The app's version or anything else worth a bug report's header. */
  app?: Readonly<Record<string, string>> | undefined
}

export type GetLogsFileReturnType = {
  filename: string
  type: 'application/json'
  text: string
}

/**
 * The log buffer as a JSON file for a bug report ("Download logs"): the connection's state
 * (the user's own address and chain; never a key or a signature, which the buffer never keeps)
 * and the entries, oldest first. The page turns it into a download.
 */
export function getLogsFile(
  config: LatchConfig,
  { now = new Date(), app }: GetLogsFileParameters = {},
): GetLogsFileReturnType {
  const state = config.getState()
  const body = {
    createdAt: now.toISOString(),
    ...(app ? { app } : {}),
    logLevel: config.logs.level,
    logBufferBytes: config.logs.maxBytes,
    dropped: config.logs.dropped(),
    connection: {
      status: state.status,
      connectorId: state.connectorId ?? null,
      address: state.address ?? null,
      chainId: state.chainId ?? null,
    },
    entries: config.logs.entries(),
  }
  const stamp = now.toISOString().replace(/[:.]/g, '-')
  return {
    filename: `latch-logs-${stamp}.json`,
    type: 'application/json',
    text: `${JSON.stringify(body, null, 2)}\n`,
  }
}
