import { loadConfig } from '@latch/config'
import { ProjectIdNotConfiguredError, parseLatchWebConfig } from '@latch/core'
import { loadWebConfig } from './loadWebConfig.ts'
import { serveWeb } from './serveWeb.ts'

/**
 * `node apps/web/src/server/cli.ts`: serves the built app. Its settings (LATCH_API_URL,
 * LATCH_PROJECT_ID, LATCH_RELAY_URL, LATCH_NETWORKS, LATCH_APP_NAME, ...) are parsed once, with
 * the `.env` file under the environment, by `@latch/config`; what is unset comes from the
 * devnet manifest in LATCH_STATE_DIR (default .latch/). Serves LATCH_WEB_DIST_DIR (default
 * apps/web/dist). Listens on PORT (4170) and HOST (127.0.0.1).
 */
try {
  const settings = loadConfig()
  const config = loadWebConfig({ config: settings })
  try {
    parseLatchWebConfig(config)
  } catch (error) {
    // The page explains a missing project id itself; anything else is a deployment mistake.
    if (!(error instanceof ProjectIdNotConfiguredError)) throw error
    console.warn('latch web: no project id; the page will show "Project ID Not Configured".')
  }
  const server = await serveWeb({
    port: settings.PORT ?? 4170,
    host: settings.HOST,
    distDir: settings.LATCH_WEB_DIST_DIR,
    config,
  })
  console.log(`latch web: serving ${server.url}${config.devnetWallet ? ' (devnet profile)' : ''}`)
  const stop = () => {
    void server.stop().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(`latch web: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
