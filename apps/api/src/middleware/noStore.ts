import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../appEnv.ts'

/**
 * Marks every answer `Cache-Control: no-store` (errors too): the embedded wallet's routes carry
 * codes, tokens, shares and channel URLs that no cache may keep.
 */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  c.header('Cache-Control', 'no-store')
}
