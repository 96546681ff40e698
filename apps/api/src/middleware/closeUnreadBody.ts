import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv.ts'

/**
 * A refusal answered before the request body was read (too large, unknown route, bad origin)
 * says `Connection: close`: the client then opens a new connection for its next request
 * instead of having a kept-alive one closed under it while the server discards the body.
 */
export function closeUnreadBody(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    if (c.res.status < 400) return
    const raw = c.req.raw
    const hasBody =
      raw.headers.has('transfer-encoding') || Number(raw.headers.get('content-length') ?? 0) > 0
    if (hasBody && !raw.bodyUsed) c.res.headers.set('Connection', 'close')
  }
}
