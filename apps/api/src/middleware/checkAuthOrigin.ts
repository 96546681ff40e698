import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { AuthOriginNotAllowedError } from '../errors/embeddedWallet.ts'

/**
 * `/auth/v1` answers only the embedded wallet's site (`authOrigin`, from LATCH_AUTH_URL):
 * anything else, a missing Origin included, is refused with 403 ORIGIN_NOT_ALLOWED. The
 * device-approval link (`GET /auth/v1/device/approve`) is opened from an email, top-level,
 * and is not checked.
 */
export function checkAuthOrigin(authOrigin: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === 'GET' && c.req.path === '/auth/v1/device/approve') return next()
    const origin = c.req.header('origin')
    if (origin !== authOrigin) throw new AuthOriginNotAllowedError({ origin })
    await next()
  }
}
