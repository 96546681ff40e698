import { type EnvOverrides, parseEnv } from './env.ts'
import { createConsoleLogger, type Logger } from './logger.ts'
import { type ServeApiReturnType, serveApi } from './serveApi.ts'

export type StartApiOptions = {
  /** Port to listen on; 0 picks a free one (read it back from `url`). */
  port: number
  /** Defaults to HOST or 127.0.0.1. */
  host?: string | undefined
  /** Where the devnet manifest lives; defaults to LATCH_STATE_DIR or `<repo>/.latch`. */
  stateDir?: string | undefined
  /** Environment values that take precedence over `process.env` (e.g. LATCH_NETWORKS). */
  env?: EnvOverrides | undefined
  logger?: Logger | undefined
}
export type StartApiReturnType = ServeApiReturnType

/**
 * Starts the API in this process, for start and test orchestration. Rejects with a clear
 * error for a bad environment, a missing devnet manifest, or a port in use.
 */
export async function startApi(options: StartApiOptions): Promise<StartApiReturnType> {
  const env = parseEnv({
    ...options.env,
    PORT: String(options.port),
    HOST: options.host,
    LATCH_STATE_DIR: options.stateDir,
  })
  return serveApi(env, { logger: options.logger ?? createConsoleLogger() })
}
