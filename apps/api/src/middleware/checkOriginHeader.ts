import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { InvalidOriginHeaderError } from '../errors/request.ts'
import { parseOrigin } from './parseOrigin.ts'

/**
 * Refuses, with a 400, an `Origin` header longer than 300 characters or one that is not a
 * serialized origin, before CORS or the allow-list ever match it.
 */
export function checkOriginHeader(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const origin = c.req.header('origin')
    if (origin !== undefined && parseOrigin(origin) === undefined)
      throw new InvalidOriginHeaderError()
    await next()
  }
}
