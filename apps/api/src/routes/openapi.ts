import { apiRoutes, createOpenApiDocument, type OpenApiDocument } from '@latch/api-contract'
import { Hono } from 'hono'
import { etag } from 'hono/etag'
import type { AppEnv } from '../appEnv.ts'

/**
 * `GET /v1/openapi.json`: the API's OpenAPI 3.1 document, generated from the route contracts
 * of `@latch/api-contract` on the first request (a few ms) and kept. Needs no project id;
 * cacheable, with an ETag.
 */
export function openApiRoute() {
  let document: OpenApiDocument | undefined
  return new Hono<AppEnv>().get('/openapi.json', etag(), (c) => {
    document ??= createOpenApiDocument()
    c.header('Cache-Control', apiRoutes.openApi.cacheControl)
    return c.json(document)
  })
}
