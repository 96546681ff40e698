import type { Context, MiddlewareHandler } from 'hono'
import { cors } from 'hono/cors'
import type { AppEnv } from '../appEnv.ts'

/** The CORS answer of one set of routes (hono's `cors` options, with a function origin). */
export type CorsHeadersOptions = {
  origin: (origin: string, c: Context<AppEnv>) => string | null
  allowMethods: string[]
  allowHeaders: string[]
  exposeHeaders: string[]
  maxAge: number
}

/**
 * CORS with hono's `cors` answers, cheaper on the common path: a preflight (OPTIONS) is hono's
 * own; any other request gets `Access-Control-Allow-Origin` (when the origin is allowed) and
 * `Access-Control-Expose-Headers` as prepared headers, before the route builds its response,
 * and `Vary: Origin` on the finished response's headers. hono's `cors` touches the response
 * before and after the route, which turns every answer into a streamed copy (the node server
 * then writes it in chunks instead of one buffer).
 */
export function corsHeaders(options: CorsHeadersOptions): MiddlewareHandler<AppEnv> {
  const preflight = cors(options)
  const expose = options.exposeHeaders.join(',')
  return async (c, next) => {
    if (c.req.method === 'OPTIONS') return preflight(c, next)
    const allowed = options.origin(c.req.header('origin') || '', c)
    if (allowed) c.header('Access-Control-Allow-Origin', allowed)
    c.header('Access-Control-Expose-Headers', expose)
    await next()
    try {
      c.res.headers.append('Vary', 'Origin')
    } catch {
      // A response whose headers cannot change (none of the API's own): copy it, as hono does.
      c.header('Vary', 'Origin', { append: true })
    }
  }
}
