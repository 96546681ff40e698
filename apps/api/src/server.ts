/**
 * CLI entry: `node apps/api/src/server.ts`. Reads the environment once, serves the API,
 * and stops cleanly on SIGINT/SIGTERM. Known startup failures print one clear message.
 */
import { parseEnv } from './env.ts'
import { BaseError } from './errors/base.ts'
import { createConsoleLogger } from './logger.ts'
import { serveApi } from './serveApi.ts'

const logger = createConsoleLogger()

try {
  const api = await serveApi(parseEnv(), { logger })
  const shutdown = async (signal: string) => {
    logger.info(`Received ${signal}, stopping.`)
    await api.stop()
    process.exit(0)
  }
  process.once('SIGINT', shutdown)
  process.once('SIGTERM', shutdown)
} catch (error) {
  if (!(error instanceof BaseError)) throw error
  logger.error(error.message)
  process.exitCode = 1
}
