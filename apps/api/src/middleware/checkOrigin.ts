import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { errorResponse } from '../errorResponse.ts'
import { OriginNotAllowedError } from '../errors/request.ts'

/**
 * Refuses browser calls from origins off the allow-list with 403 'Unauthorized: origin not
 * allowed'. The refusal itself is readable cross-origin so the client can show the spec's
 * "Invalid App Configuration" alert; requests without an Origin (servers, curl) pass.
 */
export function checkOrigin(
  matches: (origin: string, c: Context<AppEnv>) => boolean,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (origin === undefined) return next()
    if (matches(origin, c)) {
      // CORS decided on the query or header's project; a POST body's project is known only now.
      c.header('Access-Control-Allow-Origin', origin)
      return next()
    }
    const response = errorResponse(c, new OriginNotAllowedError({ origin }))
    response.headers.set('Access-Control-Allow-Origin', origin)
    response.headers.append('Vary', 'Origin')
    return response
  }
}
