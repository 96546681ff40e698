import type { ProjectOriginsResponse } from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'

/**
 * `GET /projects/v1/origins`: the origins allowed to use the calling project (spec section
 * 6): its own list, or the API's default list when it has none.
 */
export function projectsRoute({ defaultOrigins }: { defaultOrigins: readonly string[] }) {
  return new Hono<AppEnv>().get('/origins', (c) => {
    const { allowedOrigins } = c.get('project')
    const body: ProjectOriginsResponse = {
      allowedOrigins: [...(allowedOrigins.length > 0 ? allowedOrigins : defaultOrigins)],
    }
    return c.json(body)
  })
}
