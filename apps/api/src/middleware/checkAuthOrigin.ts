import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { AuthOriginNotAllowedError } from '../errors/embeddedWallet.ts'

/**
 * `/auth/v1` answers only the embedded wallet's site (`authOrigin`, from LATCH_AUTH_URL):
 * anything else, a missing Origin included, is refused with 403 ORIGIN_NOT_ALLOWED. The
 * device-approval link (`GET /auth/v1/device/approve`) is opened from an email, top-level,
 * and is not checked; nor is the social provider's redirect back (`GET
 * /auth/v1/social/callback`, a top-level navigation) and the script of that page.
 */
/** The `/auth/v1` pages a browser opens itself (no Origin header, or the provider's). */
const topLevelPages = new Set([
  '/auth/v1/device/approve',
  '/auth/v1/social/callback',
  '/auth/v1/social/callback.js',
])

export function checkAuthOrigin(authOrigin: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' && topLevelPages.has(c.req.path)) return next()
    const origin = c.req.header('origin')
    if (origin !== authOrigin) throw new AuthOriginNotAllowedError({ origin })
    await next()
  }
}
