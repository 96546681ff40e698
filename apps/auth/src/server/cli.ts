import { loadConfig } from '@latch/config'
import { startAuthSite } from './startAuthSite.ts'

/**
 * `node apps/auth/src/server/cli.ts`: serves the embedded wallet's secure site (apps/auth/dist).
 * Listens on PORT, else LATCH_AUTH_URL's port (default 4177), on HOST (127.0.0.1); the frame
 * talks to LATCH_PUBLIC_API_URL, else LATCH_API_URL.
 */
try {
  const settings = loadConfig()
  const authUrl = new URL(settings.LATCH_AUTH_URL)
  const port = settings.PORT ?? Number(authUrl.port || (authUrl.protocol === 'https:' ? 443 : 80))
  const site = await startAuthSite({
    port,
    host: settings.HOST,
    apiUrl: settings.LATCH_PUBLIC_API_URL ?? settings.LATCH_API_URL,
  })
  console.log(`latch auth: serving ${site.url}`)
  const stop = () => {
    void site.stop().then(() => process.exit(0))
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  console.error(`latch auth: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
