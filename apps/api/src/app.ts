import { Hono } from 'hono'
import { cors } from 'hono/cors'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import type { AppEnv } from './appEnv.ts'
import type { ChainClients } from './createChainClients.ts'
import { defaultAllowedOrigins } from './env.ts'
import { errorResponse, internalErrorResponse } from './errorResponse.ts'
import { BaseError } from './errors/base.ts'
import { InvalidRequestError, RouteNotFoundError } from './errors/request.ts'
import type { Logger } from './logger.ts'
import { checkOrigin } from './middleware/checkOrigin.ts'
import { createOriginMatcher } from './middleware/createOriginMatcher.ts'
import { requireProject } from './middleware/requireProject.ts'
import type { ApiNetwork } from './network.ts'
import { balanceRoute } from './routes/balance.ts'
import { supportedChainsRoute } from './routes/supportedChains.ts'
import { walletRegistryRoute } from './routes/walletRegistry.ts'
import type { ProjectStore } from './stores/projectStore.ts'
import type { WalletRegistryStore } from './stores/walletRegistryStore.ts'

/** Everything the API needs, built once at startup (or by a test) and passed in. */
export type AppDeps = {
  networks: readonly ApiNetwork[]
  projects: ProjectStore
  /** One viem public client per network id. */
  clients: ChainClients
  /** The wallet registry behind `/getWallets`, loaded and validated at startup. */
  wallets: WalletRegistryStore
  logger: Logger
  /** Origin patterns allowed to call the API; defaults to localhost on any port. */
  allowedOrigins?: readonly string[] | undefined
}

/** Builds the API as a Request -> Response function: serve it, or call `app.request()` in tests. */
export function createApp(deps: AppDeps) {
  const { logger } = deps
  const matchesOrigin = createOriginMatcher(deps.allowedOrigins ?? defaultAllowedOrigins)

  const app = new Hono<AppEnv>()
  app.use(requestId())
  app.use(
    cors({
      origin: (origin) => (matchesOrigin(origin) ? origin : null),
      allowMethods: ['GET', 'POST', 'OPTIONS'],
      allowHeaders: ['Content-Type', 'X-Project-Id', 'X-Sdk-Type', 'X-Sdk-Version'],
      exposeHeaders: ['X-Request-Id', 'ETag'],
      maxAge: 600,
    }),
  )
  app.use(checkOrigin(matchesOrigin))

  /** Readiness probe for the start and test scripts; needs no project id. */
  app.get('/health', (c) => c.json({ status: 'ok' }))

  app.use('/v1/*', requireProject(deps.projects))
  app.route('/v1', supportedChainsRoute(deps))
  app.route('/v1', balanceRoute(deps))

  // The wallet-listing API keeps its unversioned paths (spec section 7).
  app.use('/getWallets', requireProject(deps.projects))
  app.use('/getWalletImage/*', requireProject(deps.projects))
  app.route('/', walletRegistryRoute(deps))

  app.notFound((c) =>
    errorResponse(c, new RouteNotFoundError({ method: c.req.method, path: c.req.path })),
  )
  app.onError((error, c) => {
    const requestId = c.get('requestId')
    if (error instanceof BaseError) {
      if (error.code === 'UPSTREAM_UNAVAILABLE' || error.code === 'INTERNAL')
        logger.warn(error.shortMessage, { requestId, cause: describeCause(error.cause) })
      return errorResponse(c, error)
    }
    // Hono's own client errors (a malformed body, say) keep their 4xx.
    if (error instanceof HTTPException && error.status < 500)
      return errorResponse(
        c,
        new InvalidRequestError({ message: error.message || 'The request is invalid.' }),
      )
    logger.error('Unhandled error.', {
      requestId,
      method: c.req.method,
      path: c.req.path,
      error: error instanceof Error ? (error.stack ?? error.message) : String(error),
    })
    return internalErrorResponse(c)
  })
  return app
}

export type App = ReturnType<typeof createApp>

/** The short text of a cause for logs; viem's shortMessage keeps RPC URLs (and keys) out. */
function describeCause(cause: unknown): string | undefined {
  if (cause === undefined) return undefined
  if (cause instanceof Error)
    return `${cause.name}: ${'shortMessage' in cause ? String(cause.shortMessage) : cause.message}`
  return String(cause)
}
