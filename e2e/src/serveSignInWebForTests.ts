import { resolve } from 'node:path'
import { loadWebConfig } from '../../apps/web/src/server/loadWebConfig.ts'
import { type ServeWebReturnType, serveWeb } from '../../apps/web/src/server/serveWeb.ts'
import { e2eStateDir } from './devnet.ts'
import { authUrl } from './emailWallet.ts'
import { expect, test } from './fixtures.ts'

/**
 * The devnet web app as `npm start` serves it, but requiring sign-in (LATCH_REQUIRE_SIGN_IN),
 * on a port of its own, for the tests of the file or `test.describe` this is called in: it
 * starts before them and stops after them. `emailWallet` offers the email wallet there too
 * (the auth site of the stack); `LATCH_WEB_DIST_DIR` serves a build of one's own.
 */
export function serveSignInWebForTests(options: { emailWallet?: boolean } = {}): {
  readonly url: string
} {
  let server: ServeWebReturnType | undefined
  test.beforeAll(async () => {
    const config = loadWebConfig({
      env: {
        LATCH_STATE_DIR: e2eStateDir(),
        LATCH_API_URL: process.env.LATCH_E2E_API_URL,
        LATCH_AUTH_URL: options.emailWallet ? authUrl() : undefined,
        LATCH_REQUIRE_SIGN_IN: 'true',
      },
      rootDir: resolve(import.meta.dirname, '../..'),
    })
    expect(config.signIn).toBe('required')
    server = await serveWeb({
      port: 0,
      config,
      distDir: process.env.LATCH_WEB_DIST_DIR || undefined,
    })
  })
  test.afterAll(async () => {
    await server?.stop()
  })
  return {
    get url() {
      if (!server) throw new Error('The sign-in web app is not serving: read its url in a test.')
      return server.url
    },
  }
}
