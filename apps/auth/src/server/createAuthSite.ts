import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import { Hono } from 'hono'
import {
  createProjectOriginsSource,
  type ProjectOriginsSource,
} from './createProjectOriginsSource.ts'
import { renderErrorPage, renderFramePage } from './renderFramePage.ts'
import { toFrameAncestors } from './toFrameAncestors.ts'

export type CreateAuthSiteParameters = {
  /** The Vite build output (frame.html + assets/). */
  distDir: string
  /** The API's public URL: the frame calls its /auth/v1 and JSON-RPC endpoints. */
  apiUrl: string
  /** Where the allowed origins come from (default: the API's, cached 30 s). */
  origins?: ProjectOriginsSource | undefined
}

/** The ids the API accepts (`LATCH_PROJECT_IDS`): letters, digits, - and _. */
const projectIdPattern = /^[\w-]{1,128}$/

/** The policy of every answer that is not the frame: nothing runs, nothing frames it. */
const closedPolicy =
  "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

/** The frame's policy: its own scripts, the API, and only the project's pages as parents. */
export function framePolicy(apiOrigin: string, frameAncestors: readonly string[]): string {
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    `connect-src ${apiOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors.join(' ')}`,
  ].join('; ')
}

/**
 * The embedded wallet's secure site as a Request -> Response app. `GET /frame?projectId=`
 * answers the frame page only for a project the API knows, with `frame-ancestors` set to the
 * project's allowed origins, so no other page can embed it; an unknown project or an
 * unreachable API gets a plain error page that nothing may frame. The built assets are cached
 * for a year (hashed names); `GET /health` answers `{status:'ok'}`.
 */
export function createAuthSite(parameters: CreateAuthSiteParameters): Hono {
  const { distDir } = parameters
  const framePath = join(distDir, 'frame.html')
  if (!existsSync(framePath))
    throw new Error(
      `The auth site is not built (no ${framePath}): run \`npm run build -w @latch/auth\`.`,
    )
  const frameHtml = readFileSync(framePath, 'utf8')
  const apiUrl = parameters.apiUrl.replace(/\/+$/, '')
  const apiOrigin = new URL(apiUrl).origin
  const origins = parameters.origins ?? createProjectOriginsSource({ apiUrl })

  const app = new Hono()
  app.use('*', async (c, next) => {
    await next()
    c.header('x-content-type-options', 'nosniff')
    c.header('referrer-policy', 'no-referrer')
    if (!c.res.headers.has('content-security-policy'))
      c.header('content-security-policy', closedPolicy)
    if (!c.res.headers.has('cache-control'))
      c.header(
        'cache-control',
        c.req.path.startsWith('/assets/') && c.res.status === 200
          ? 'public, max-age=31536000, immutable'
          : 'no-store',
      )
  })

  app.get('/health', (c) => c.json({ status: 'ok' }))

  app.get('/frame', async (c) => {
    const projectId = c.req.query('projectId') ?? ''
    if (!projectIdPattern.test(projectId))
      return c.html(
        renderErrorPage(
          'Project ID Required',
          'Open the frame as /frame?projectId=<your project id>.',
        ),
        400,
      )
    const result = await origins.get(projectId)
    if (result.status === 'unavailable') {
      c.header('retry-after', '5')
      return c.html(
        renderErrorPage(
          'Embedded Wallet Unavailable',
          'The Latch API did not answer. Try again soon.',
        ),
        503,
      )
    }
    if (result.status === 'unknown')
      return c.html(
        renderErrorPage(
          'Unknown Project',
          `The project "${projectId}" is not known to the Latch API.`,
        ),
        404,
      )
    const ancestors = toFrameAncestors(result.allowedOrigins)
    if (ancestors.length === 0)
      return c.html(
        renderErrorPage(
          'No Allowed Origins',
          `The project "${projectId}" allows no page to embed its wallet: add its origins.`,
        ),
        403,
      )
    const page = renderFramePage(frameHtml, {
      projectId,
      apiUrl,
      allowedOrigins: result.allowedOrigins,
    })
    return c.html(page, 200, {
      'content-security-policy': framePolicy(apiOrigin, ancestors),
    })
  })

  app.use('/assets/*', serveStatic({ root: distDir }))
  app.notFound((c) => c.text('Not found.', 404))
  return app
}
