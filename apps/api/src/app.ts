import type { SocialProvider } from '@latch/api-contract'
import { defaultNameSuffix } from '@latch/api-contract'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { requestId } from 'hono/request-id'
import type { AppEnv } from './appEnv.ts'
import type { ChainClients } from './createChainClients.ts'
import type { LatchDb } from './db/createDatabase.ts'
import { isDatabaseOutage } from './db/isDatabaseOutage.ts'
import { defaultAllowedOrigins } from './env.ts'
import { errorResponse, internalErrorResponse } from './errorResponse.ts'
import { BaseError } from './errors/base.ts'
import { DatabaseOutageError } from './errors/database.ts'
import {
  InvalidRequestError,
  RequestBodyTooLargeError,
  RouteNotFoundError,
} from './errors/request.ts'
import type { Logger } from './logger.ts'
import { checkAuthOrigin } from './middleware/checkAuthOrigin.ts'
import { checkOrigin } from './middleware/checkOrigin.ts'
import { checkOriginHeader } from './middleware/checkOriginHeader.ts'
import { closeUnreadBody } from './middleware/closeUnreadBody.ts'
import { corsHeaders } from './middleware/corsHeaders.ts'
import { createProjectOriginMatcher } from './middleware/createProjectOriginMatcher.ts'
import { loadProject } from './middleware/loadProject.ts'
import { type RateLimitSettings, rateLimit } from './middleware/rateLimit.ts'
import { recordSdkUsage } from './middleware/recordSdkUsage.ts'
import { refuseControlCharacters } from './middleware/refuseControlCharacters.ts'
import { requireProject } from './middleware/requireProject.ts'
import type { ApiNetwork } from './network.ts'
import { analyticsRoute } from './routes/analytics.ts'
import { assetImagesRoute } from './routes/assetImages.ts'
import { authNonceRoute } from './routes/authNonce.ts'
import { balanceRoute } from './routes/balance.ts'
import { bundlerRoute } from './routes/bundler.ts'
import { convertRoute } from './routes/convert.ts'
import { embeddedWalletRoute } from './routes/embeddedWallet.ts'
import { farcasterSignInRoute } from './routes/farcasterSignIn.ts'
import { fungiblePriceRoute } from './routes/fungiblePrice.ts'
import { historyRoute } from './routes/history.ts'
import { identityRoute } from './routes/identity.ts'
import { nameAvatarRoute } from './routes/nameAvatar.ts'
import { nftImageRoute } from './routes/nftImage.ts'
import { nftsRoute } from './routes/nfts.ts'
import { onrampRoute } from './routes/onramp.ts'
import { openApiRoute } from './routes/openapi.ts'
import { paymasterRoute } from './routes/paymaster.ts'
import { profileRoute } from './routes/profile.ts'
import { projectsRoute } from './routes/projects.ts'
import { rpcRoute } from './routes/rpc.ts'
import { sessionsRoute } from './routes/sessions.ts'
import { socialSignInRoute } from './routes/socialSignIn.ts'
import { supportedChainsRoute } from './routes/supportedChains.ts'
import { tokenImageRoute } from './routes/tokenImage.ts'
import { walletRegistryRoute } from './routes/walletRegistry.ts'
import {
  defaultUserOperationRpcSettings,
  type UserOperationRpcSettings,
} from './services/accountAbstraction/userOperationRpcSettings.ts'
import {
  type AnalyticsSettings,
  defaultAnalyticsSettings,
} from './services/analytics/analyticsSettings.ts'
import {
  createNamespaceClients,
  type NamespaceSettings,
} from './services/chains/createNamespaceClients.ts'
import { createAuthShareCipher } from './services/embeddedWallet/createAuthShareCipher.ts'
import { createSecretHasher } from './services/embeddedWallet/createSecretHasher.ts'
import {
  defaultEmbeddedWalletLimits,
  type EmbeddedWalletLimits,
} from './services/embeddedWallet/embeddedWalletDeps.ts'
import type { Mailer } from './services/embeddedWallet/mailer.ts'
import type { FarcasterIdRegistry } from './services/farcasterSignIn/createFarcasterIdRegistry.ts'
import type { FarcasterRelayClient } from './services/farcasterSignIn/createFarcasterRelayClient.ts'
import {
  defaultFarcasterSignInLimits,
  type FarcasterSignInLimits,
} from './services/farcasterSignIn/farcasterSignInDeps.ts'
import { createGuardedFetch, type GuardedFetch } from './services/fetch/createGuardedFetch.ts'
import { createNameResolver } from './services/identity/createNameResolver.ts'
import { type NameResolver, nullNameResolver } from './services/identity/nameResolver.ts'
import type { NftFetchOptions } from './services/nfts/createNftMetadataResolver.ts'
import { createNftServices } from './services/nfts/createNftServices.ts'
import { createOnrampOptionsCache } from './services/onramp/createOnrampOptionsCache.ts'
import type { OnrampProvider } from './services/onramp/onrampProvider.ts'
import { createPriceSource } from './services/prices/createPriceSource.ts'
import type { PriceSource } from './services/prices/priceSource.ts'
import { defaultRpcSettings, type RpcSettings } from './services/rpc/rpcSettings.ts'
import type { SocialProviderClient } from './services/socialSignIn/createSocialProviderClients.ts'
import {
  defaultSocialSignInLimits,
  type SocialSignInLimits,
} from './services/socialSignIn/socialSignInDeps.ts'
import { createSwapDeps, type SwapSettings } from './services/swaps/createSwapDeps.ts'
import type { AnalyticsStore } from './stores/analyticsStore.ts'
import type { CacheStore } from './stores/cacheStore.ts'
import type { AnswerCache } from './stores/createAnswerCache.ts'
import { createDbAnalyticsStore } from './stores/createDbAnalyticsStore.ts'
import { createDbNameStore } from './stores/createDbNameStore.ts'
import { createDbRateLimitStore } from './stores/createDbRateLimitStore.ts'
import { createRateLimitCounter, type RateLimitCounter } from './stores/createRateLimitCounter.ts'
import type { SdkUsageCounter } from './stores/createSdkUsageCounter.ts'
import { createDbEmbeddedWalletStore } from './stores/embeddedWallet/createDbEmbeddedWalletStore.ts'
import type { ProjectStore } from './stores/projectStore.ts'
import { createDbSessionStore } from './stores/sessions/createDbSessionStore.ts'
import type { WalletRegistryStore } from './stores/walletRegistryStore.ts'

/** Everything the API needs, built once at startup (or by a test) and passed in. */
export type AppDeps = {
  networks: readonly ApiNetwork[]
  /**
   * The Solana and Bitcoin networks (issue 16) and the guarded fetcher their nodes are called
   * through: balances, activity and sign-in there. Without it those namespaces are not configured.
   */
  namespaces?: NamespaceSettings | undefined
  projects: ProjectStore
  /** One viem public client per network id. */
  clients: ChainClients
  /** The wallet registry behind `/getWallets`, loaded and validated at startup. */
  wallets: WalletRegistryStore
  /** The cache every API process shares (the database's `cache_entries`). */
  cache: CacheStore
  /**
   * Recent history pages and NFT lists kept whole in this process (`createAnswerCache`, which
   * the indexer invalidates); none: each one is read from the database.
   */
  answers?: AnswerCache | undefined
  /**
   * Where prices come from (`createPriceSource`, chosen by configuration); by default the
   * networks' Uniswap V2 pools, else the prices written in their configuration.
   */
  prices?: PriceSource | undefined
  /**
   * Names and avatars for `/v1/identity`; by default the names registered in `db` (none
   * without a database).
   */
  names?: NameResolver | undefined
  /**
   * Swaps (`/v1/convert/*`): LATCH_SWAP_* and the devnet's chains (`serveApi` builds them). By
   * default the spec's swap networks the API serves, quoted from the Uniswap V2 pools of the
   * networks that name a deployment.
   */
  swaps?: SwapSettings | undefined
  /** Account names end with `.<nameSuffix>` (LATCH_NAME_SUFFIX); default `latch.id`. */
  nameSuffix?: string | undefined
  /**
   * The database the indexer fills and sessions live in: history, NFT and session routes read
   * it. Without one (unit tests of other routes) those routes are absent.
   */
  db?: LatchDb | undefined
  /** How NFT metadata and images are fetched; private hosts are refused unless allowed (devnet). */
  nftFetch?: NftFetchOptions | undefined
  logger: Logger
  /**
   * Origin patterns allowed to call the API for projects without their own list (and for
   * requests naming no known project); defaults to localhost on any port.
   */
  allowedOrigins?: readonly string[] | undefined
  /**
   * The API's public URL (LATCH_PUBLIC_API_URL, else the listen URL): absolute URLs the API
   * returns (token and wallet images) start with it; default `http://localhost` (tests).
   */
  publicUrl?: string | undefined
  /**
   * Per IP and per project request limits over shared counters (`serveApi` builds them from
   * LATCH_RATE_LIMITS*); without them (unit tests of other things) nothing is limited.
   */
  rateLimits?: { counter: RateLimitCounter; settings: RateLimitSettings } | undefined
  /**
   * Counts the SDK type and version of served requests per project and day (spec section 7);
   * `serveApi` builds it over the database. Without it nothing is counted.
   */
  sdkUsage?: SdkUsageCounter | undefined
  /**
   * The on-ramp (`createOnrampProviders`: LATCH_ONRAMP_*, else the devnet's sandbox): its
   * providers answer `/v1/onramp/*` and `/v1/generators/onrampurl` (absent without providers),
   * and transfers from their funding accounts (`senders`, lower case -> provider id) are
   * purchases in the history.
   */
  onramp?:
    | {
        providers: readonly OnrampProvider[]
        senders?: ReadonlyMap<string, string> | undefined
      }
    | undefined
  /** Quotas of names and sign-in (LATCH_NAMES_PER_ADDRESS, ...); defaults when unset. */
  quotas?: Partial<ApiQuotas> | undefined
  /**
   * The JSON-RPC endpoint's limits (LATCH_RPC_*; defaults when unset) and, for tests, the
   * fetch its calls to the nodes go through.
   */
  rpc?: (Partial<RpcSettings> & { fetchFn?: typeof fetch | undefined }) | undefined
  /**
   * `/v1/bundler` and `/v1/paymaster` (networks' `accountAbstraction`): the guarded fetcher
   * their calls go through (by default one for public hosts only; `serveApi` allows the
   * devnet's 127.0.0.1 services under the devnet) and their limits (the RPC timeout by default).
   */
  accountAbstraction?:
    | { fetch?: GuardedFetch | undefined; settings?: Partial<UserOperationRpcSettings> | undefined }
    | undefined
  /**
   * Analytics (`/getAnalyticsConfig`, `POST /e`): the switches (LATCH_ANALYTICS*, off by
   * default) and where events go (by default `db`'s `analytics_events`; with neither, both
   * routes are absent).
   */
  analytics?:
    | { settings?: Partial<AnalyticsSettings> | undefined; store?: AnalyticsStore | undefined }
    | undefined
  /**
   * The embedded wallet's auth backend (`/auth/v1/...`, with `db`): its site's origin
   * (LATCH_AUTH_URL) is the only one `/auth/v1` answers, and may call every other route too
   * (the frame reads chains through the API). Without it those routes are absent.
   */
  embeddedWallet?: EmbeddedWalletAppDeps | undefined
}

/** What the embedded wallet's routes need from the process (`serveApi` builds it). */
export type EmbeddedWalletAppDeps = {
  /** LATCH_AUTH_URL: the secure site; only its origin matters. */
  authUrl: string
  /** Sends the codes and device links (SMTP from LATCH_SMTP_URL, or a test's capture). */
  mailer: Mailer
  /** The 32-byte key that encrypts auth shares at rest (`loadAuthShareKey`). */
  authShareKey: Uint8Array
  limits?: Partial<EmbeddedWalletLimits> | undefined
  /** The clock codes and sessions are judged by (tests move it); default the system's. */
  now?: (() => Date) | undefined
  /**
   * Social sign-in's providers (`createSocialProviderClients`, from LATCH_SOCIAL_* or the
   * devnet's local OpenID provider); without any, `/auth/v1/social/start` answers
   * PROVIDER_NOT_CONFIGURED.
   */
  socialProviders?: Partial<Record<SocialProvider, SocialProviderClient>> | undefined
  socialLimits?: Partial<SocialSignInLimits> | undefined
  /**
   * Sign In With Farcaster (`getFarcasterSettings`: LATCH_FARCASTER_* or the devnet's relay
   * and IdRegistry); without it `/auth/v1/farcaster` is absent.
   */
  farcaster?:
    | {
        relay: FarcasterRelayClient
        registry: FarcasterIdRegistry
        limits?: Partial<FarcasterSignInLimits> | undefined
      }
    | undefined
}

/** Quotas on what one account or project may hold. */
export type ApiQuotas = {
  /** Names one address may register. */
  namesPerAddress: number
  /** Unused, unexpired sign-in nonces one project may hold. */
  maxPendingNonces: number
  /** The longest session, in ms. */
  maxSessionMs: number
}

/** The quotas when no setting says otherwise. */
export const defaultApiQuotas: ApiQuotas = {
  namesPerAddress: 3,
  maxPendingNonces: 10_000,
  maxSessionMs: 7 * 24 * 60 * 60 * 1000,
}

/** The largest request body the API reads. */
const maxBodyBytes = 64 * 1024

/** Builds the API as a Request -> Response function: serve it, or call `app.request()` in tests. */
export function createApp(deps: AppDeps) {
  const { logger } = deps
  const quotas = { ...defaultApiQuotas, ...deps.quotas }
  const defaultOrigins = deps.allowedOrigins ?? defaultAllowedOrigins
  const apiOrigin = (deps.publicUrl ?? 'http://localhost').replace(/\/+$/, '')
  const originMatcherFor = createProjectOriginMatcher(defaultOrigins)
  // The embedded wallet's site: the only origin of /auth/v1, and allowed everywhere else.
  const authOrigin = deps.embeddedWallet ? new URL(deps.embeddedWallet.authUrl).origin : undefined
  // Each request is checked against the origins of the project it names.
  const matchesOrigin = (origin: string, c: Context<AppEnv>) =>
    origin === authOrigin || originMatcherFor(c.get('projectLookup')?.project)(origin)
  const isAuthPath = (c: Context<AppEnv>) =>
    authOrigin !== undefined && (c.req.path === '/auth/v1' || c.req.path.startsWith('/auth/v1/'))

  const prices =
    deps.prices ??
    createPriceSource({ networks: deps.networks, clients: deps.clients, cache: deps.cache })

  const app = new Hono<AppEnv>()
  app.use(requestId())
  // Outermost: a refusal that leaves the body unread closes the connection (after answering).
  app.use(closeUnreadBody())
  // The public origin absolute URLs start with; never the request's Host header.
  app.use((c, next) => {
    c.set('apiOrigin', apiOrigin)
    return next()
  })
  // A long or malformed Origin is refused before CORS or the allow-list match it.
  app.use(checkOriginHeader())
  // The project named in the query or header (a POST body's is read after the body limit).
  app.use(loadProject(deps.projects, { readBody: false }))
  const projectCors = corsHeaders({
    origin: (origin, c) => (matchesOrigin(origin, c) ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    // Solana-Client: @solana/kit's RPC client names itself on every call to the Solana relay.
    allowHeaders: ['Content-Type', 'X-Project-Id', 'X-Sdk-Type', 'X-Sdk-Version', 'Solana-Client'],
    exposeHeaders: ['X-Request-Id', 'ETag'],
    maxAge: 600,
  })
  // /auth/v1: the auth site only, with its bearer token.
  const authCors = corsHeaders({
    origin: (origin) => (origin === authOrigin ? origin : null),
    allowMethods: ['GET', 'POST', 'OPTIONS'],
    allowHeaders: ['Content-Type', 'Authorization', 'X-Sdk-Type', 'X-Sdk-Version'],
    exposeHeaders: ['X-Request-Id', 'Retry-After'],
    maxAge: 600,
  })
  app.use((c, next) => (isAuthPath(c) ? authCors(c, next) : projectCors(c, next)))
  // After CORS, so these refusals carry its headers.
  app.use(refuseControlCharacters())
  // The API's bodies are small JSON; a larger one is refused before anything reads it.
  const limitBody = bodyLimit({
    maxSize: maxBodyBytes,
    onError: () => {
      throw new RequestBodyTooLargeError({ maxBytes: maxBodyBytes })
    },
  })
  // A GET or HEAD has no body to read (the node server gives it none); asking for it would
  // build a whole fetch Request per read.
  app.use((c, next) =>
    c.req.method === 'GET' || c.req.method === 'HEAD' ? next() : limitBody(c, next),
  )
  app.use(loadProject(deps.projects))
  // After CORS, so a 429 carries its headers; before the routes' work.
  if (deps.rateLimits) app.use(rateLimit(deps.rateLimits))
  // Counts after the answer: only requests served without an error, of a known project.
  if (deps.sdkUsage) app.use(recordSdkUsage(deps.sdkUsage))
  const checkProjectOrigin = checkOrigin(matchesOrigin)
  const checkAuthSiteOrigin = authOrigin ? checkAuthOrigin(authOrigin) : undefined
  app.use((c, next) =>
    checkAuthSiteOrigin && isAuthPath(c)
      ? checkAuthSiteOrigin(c, next)
      : checkProjectOrigin(c, next),
  )

  /** Readiness probe for the start and test scripts; needs no project id. */
  app.get('/health', (c) => c.json({ status: 'ok' }))

  // The API's OpenAPI document is public: before the project check.
  app.route('/v1', openApiRoute())
  const requireV1Project = requireProject(deps.projects)
  // A name registration may come without a project (the reference client sends only
  // coin_type, address, message, signature): the signature is the authority. The origin check
  // (default origins when no project) and the per-IP rate limits above still apply; a project
  // id that is sent must still be known.
  app.use('/v1/*', (c, next) =>
    c.req.method === 'POST' && c.req.path === '/v1/profile/account' && !c.get('projectLookup')
      ? next()
      : requireV1Project(c, next),
  )
  const namespaceClients = deps.namespaces ? createNamespaceClients(deps.namespaces) : undefined
  app.route('/v1', supportedChainsRoute({ ...deps, namespaceNetworks: deps.namespaces?.networks }))
  // Spec section 7's default RPC endpoint: JSON-RPC at `/v1/?chainId=...&projectId=...`.
  const { fetchFn: rpcFetch, ...rpcSettings } = deps.rpc ?? {}
  const rpc = rpcRoute({
    networks: deps.networks,
    settings: { ...defaultRpcSettings, ...rpcSettings },
    logger,
    fetchFn: rpcFetch,
    // Solana JSON-RPC (`chainId=solana:...`) through the namespaces' guarded fetcher.
    solana: deps.namespaces
      ? { networks: deps.namespaces.networks.solana, fetch: deps.namespaces.fetch }
      : undefined,
  })
  app.route('/v1', rpc)
  app.route('/v1/', rpc)
  // ERC-4337 (issue 15): user operations to the chain's bundler, ERC-7677 to its paymaster.
  const userOperationDeps = {
    networks: deps.networks,
    fetch: deps.accountAbstraction?.fetch ?? createGuardedFetch(),
    settings: {
      ...defaultUserOperationRpcSettings,
      ...(rpcSettings.timeoutMs === undefined ? {} : { timeoutMs: rpcSettings.timeoutMs }),
      ...deps.accountAbstraction?.settings,
    },
    logger,
  }
  app.route('/v1', bundlerRoute(userOperationDeps))
  app.route('/v1', paymasterRoute(userOperationDeps))
  app.route('/v1', balanceRoute({ ...deps, prices, namespaceClients }))
  app.route('/v1', fungiblePriceRoute({ ...deps, prices }))
  // Swaps (spec section 7): quotes from the aggregator or the pools, approvals and swaps built here.
  app.route(
    '/v1',
    convertRoute(
      createSwapDeps({
        networks: deps.networks,
        clients: deps.clients,
        prices,
        cache: deps.cache,
        logger,
        settings: deps.swaps,
      }),
    ),
  )
  // The on-ramp: the POSTs count as writes in the per-IP limits above; each provider call is bounded.
  if (deps.onramp && deps.onramp.providers.length > 0)
    app.route(
      '/v1',
      onrampRoute({
        providers: deps.onramp.providers,
        optionsCache: createOnrampOptionsCache(),
        prices,
        networks: deps.networks,
        logger,
        trustProxyHops: deps.rateLimits?.settings.trustProxyHops,
      }),
    )
  const nameStore = deps.db ? createDbNameStore({ db: deps.db }) : undefined
  const names =
    deps.names ??
    (nameStore ? createNameResolver({ names: nameStore, apiOrigin }) : nullNameResolver)
  app.route('/v1', identityRoute({ names, cache: deps.cache }))
  if (nameStore)
    app.route(
      '/v1',
      profileRoute({
        names: nameStore,
        clients: deps.clients,
        networks: deps.networks,
        cache: deps.cache,
        suffix: deps.nameSuffix ?? defaultNameSuffix,
        namesPerAddress: quotas.namesPerAddress,
        wallets: deps.wallets,
      }),
    )
  if (deps.db) {
    const { nftMetadata, images } = createNftServices({
      db: deps.db,
      clients: deps.clients,
      options: deps.nftFetch ?? { allowPrivateHosts: false },
    })
    app.route(
      '/v1',
      historyRoute({
        db: deps.db,
        networks: deps.networks,
        prices,
        onrampSenders: deps.onramp?.senders,
        namespaceClients,
        cache: deps.cache,
        answers: deps.answers,
      }),
    )
    app.route(
      '/v1',
      nftsRoute({ db: deps.db, networks: deps.networks, nftMetadata, answers: deps.answers }),
    )
    app.route('/v1', nftImageRoute({ db: deps.db, networks: deps.networks, nftMetadata, images }))
    // Names' avatars through the same guarded fetcher and image cache, public like token images.
    if (nameStore) app.route('/', nameAvatarRoute({ names: nameStore, images }))
    // Sign in with the wallet (EIP-4361): nonces and sessions live in the database.
    const sessions = createDbSessionStore({ db: deps.db })
    app.route('/v1', authNonceRoute({ sessions, maxPendingNonces: quotas.maxPendingNonces }))
    app.route(
      '/v1',
      sessionsRoute({
        sessions,
        networks: deps.networks,
        clients: deps.clients,
        namespaceNetworks: deps.namespaces?.networks,
        maxSessionMs: quotas.maxSessionMs,
      }),
    )
  }

  // The embedded wallet's auth backend: users, codes, devices, sessions and stored shares.
  if (deps.db && deps.embeddedWallet) {
    const embedded = deps.embeddedWallet
    const now = embedded.now ?? (() => new Date())
    const embeddedDeps = {
      store: createDbEmbeddedWalletStore({ db: deps.db }),
      mailer: embedded.mailer,
      cipher: createAuthShareCipher(embedded.authShareKey),
      hasher: createSecretHasher(embedded.authShareKey),
      limits: { ...defaultEmbeddedWalletLimits, ...embedded.limits },
      // Hourly caps on mails, code tries and sign-in starts, in the shared counters.
      hourly: createRateLimitCounter({
        store: createDbRateLimitStore({ db: deps.db }),
        windowMs: 3_600_000,
        now: () => now().getTime(),
      }),
      limitIps: deps.rateLimits !== undefined,
      trustProxyHops: deps.rateLimits?.settings.trustProxyHops ?? 0,
      publicApiUrl: apiOrigin,
      now,
      logger,
      projects: deps.projects,
    }
    app.route('/auth/v1', embeddedWalletRoute(embeddedDeps))
    // Social sign-in (OAuth 2 / OpenID Connect): the page's origin must be one the project
    // allows, as for its CORS.
    app.route(
      '/auth/v1/social',
      socialSignInRoute({
        ...embeddedDeps,
        providers: embedded.socialProviders ?? {},
        socialLimits: { ...defaultSocialSignInLimits, ...embedded.socialLimits },
        isAllowedOrigin: (project, origin) => originMatcherFor(project)(origin),
      }),
    )
    // Sign In With Farcaster (FIP-11): a relay channel per frame, the signer checked on-chain.
    if (embedded.farcaster)
      app.route(
        '/auth/v1/farcaster',
        farcasterSignInRoute({
          ...embeddedDeps,
          relay: embedded.farcaster.relay,
          registry: embedded.farcaster.registry,
          authUrl: embedded.authUrl,
          farcasterLimits: { ...defaultFarcasterSignInLimits, ...embedded.farcaster.limits },
        }),
      )
  }

  // Token icons are public (spec section 7: /public/getTokenImage/{id}), like images on a CDN.
  app.route('/', tokenImageRoute(deps))
  // Network, currency and token-symbol images: the repo's list, else generated; public too.
  app.route('/', assetImagesRoute())

  // Analytics (spec section 7): off unless the operator turns it on.
  const analyticsStore =
    deps.analytics?.store ?? (deps.db ? createDbAnalyticsStore({ db: deps.db }) : undefined)
  if (analyticsStore) {
    app.use('/getAnalyticsConfig', requireProject(deps.projects))
    app.use('/e', requireProject(deps.projects))
    app.route(
      '/',
      analyticsRoute({
        store: analyticsStore,
        settings: { ...defaultAnalyticsSettings, ...deps.analytics?.settings },
      }),
    )
  }

  // The wallet-listing API keeps its unversioned paths (spec section 7).
  app.use('/getWallets', requireProject(deps.projects))
  app.use('/getWalletImage/*', requireProject(deps.projects))
  app.route('/', walletRegistryRoute(deps))

  app.use('/projects/v1/*', requireProject(deps.projects))
  app.route('/projects/v1', projectsRoute({ defaultOrigins }))

  app.notFound((c) =>
    errorResponse(c, new RouteNotFoundError({ method: c.req.method, path: c.req.path })),
  )
  app.onError((error, c) => {
    const requestId = c.get('requestId')
    // A database outage is not a bug: 503 with JSON, and the pool reconnects once it is back.
    if (isDatabaseOutage(error)) {
      // The driver's error, not Drizzle's wrapper (which quotes the query and its parameters).
      const cause = error instanceof Error && error.cause !== undefined ? error.cause : error
      logger.warn('The database is unavailable.', { requestId, cause: describeCause(cause) })
      c.header('Retry-After', '5')
      // Failing before CORS ran (the project lookup), the page could not read why: the body is
      // the same fixed text for everyone, and no credentials are involved, so any page may.
      if (!c.res.headers.has('Access-Control-Allow-Origin')) {
        c.header('Access-Control-Allow-Origin', '*')
        c.header('Access-Control-Expose-Headers', 'Retry-After, X-Request-Id')
      }
      return errorResponse(c, new DatabaseOutageError({ cause: error }))
    }
    if (error instanceof BaseError) {
      if (
        error.code === 'UPSTREAM_UNAVAILABLE' ||
        error.code === 'PROVIDER_UNAVAILABLE' ||
        error.code === 'INTERNAL'
      )
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
