import { resolve } from 'node:path'
import { expect } from '@playwright/test'
import { loadWebConfig } from '../../apps/web/src/server/loadWebConfig.ts'
import { type ServeWebReturnType, serveWeb } from '../../apps/web/src/server/serveWeb.ts'
import { e2eStateDir } from './devnet.ts'

/**
 * The devnet web app as `npm start` serves it, but requiring sign-in (LATCH_REQUIRE_SIGN_IN),
 * on a port of its own; `authUrl` (the auth site, `authUrl()` of emailWallet.ts) offers the
 * email wallet there too. `LATCH_WEB_DIST_DIR` serves a build of one's own.
 */
export async function serveSignInWeb(
  options: { authUrl?: string | undefined } = {},
): Promise<ServeWebReturnType> {
  const config = loadWebConfig({
    env: {
      LATCH_STATE_DIR: e2eStateDir(),
      LATCH_API_URL: process.env.LATCH_E2E_API_URL,
      LATCH_AUTH_URL: options.authUrl,
      LATCH_REQUIRE_SIGN_IN: 'true',
    },
    rootDir: resolve(import.meta.dirname, '../..'),
  })
  expect(config.signIn).toBe('required')
  return serveWeb({ port: 0, config, distDir: process.env.LATCH_WEB_DIST_DIR || undefined })
}
