import type { AddressInfo } from 'node:net'
import { getSocialProviderSettings } from '@latch/config'
import { createApp } from './app.ts'
import { createChainClients } from './createChainClients.ts'
import { createHttpServer } from './createHttpServer.ts'
import type { Database, LatchDb } from './db/createDatabase.ts'
import { describeDatabase, openDatabase } from './db/openDatabase.ts'
import type { Env } from './env.ts'
import { PortInUseError } from './errors/config.ts'
import { startIndexer } from './indexer/startIndexer.ts'
import { type ApiConfig, loadConfig } from './loadConfig.ts'
import type { Logger } from './logger.ts'
import { listIgnoredOriginPatterns } from './middleware/listIgnoredOriginPatterns.ts'
import { toCaip2 } from './network.ts'
import { loadWalletRegistry } from './registry/loadWalletRegistry.ts'
import type { WalletRegistryEntry } from './registry/walletRegistryEntrySchema.ts'
import { createSmtpMailer } from './services/embeddedWallet/createSmtpMailer.ts'
import { loadAuthShareKey } from './services/embeddedWallet/loadAuthShareKey.ts'
import { createFarcasterIdRegistry } from './services/farcasterSignIn/createFarcasterIdRegistry.ts'
import { createFarcasterRelayClient } from './services/farcasterSignIn/createFarcasterRelayClient.ts'
import { getFarcasterSettings } from './services/farcasterSignIn/getFarcasterSettings.ts'
import { createGuardedFetch } from './services/fetch/createGuardedFetch.ts'
import { createSemaphore } from './services/fetch/createSemaphore.ts'
import { createGuardedOnrampFetch } from './services/onramp/createGuardedOnrampFetch.ts'
import { createOnrampProviders } from './services/onramp/createOnrampProviders.ts'
import { createPriceSource } from './services/prices/createPriceSource.ts'
import { seedProjects } from './services/seedProjects.ts'
import { createSocialProviderClients } from './services/socialSignIn/createSocialProviderClients.ts'
import { toOpenIdFetch } from './services/socialSignIn/toOpenIdFetch.ts'
import { createAnswerCache } from './stores/createAnswerCache.ts'
import { createCachedProjectStore } from './stores/createCachedProjectStore.ts'
import { createDbCacheStore } from './stores/createDbCacheStore.ts'
import { createDbProjectStore } from './stores/createDbProjectStore.ts'
import { createDbRateLimitStore } from './stores/createDbRateLimitStore.ts'
import { createDbSdkUsageStore } from './stores/createDbSdkUsageStore.ts'
import { createLayeredCacheStore } from './stores/createLayeredCacheStore.ts'
import { createMemoryWalletRegistryStore } from './stores/createMemoryWalletRegistryStore.ts'
import { createRateLimitCounter } from './stores/createRateLimitCounter.ts'
import { createSdkUsageCounter } from './stores/createSdkUsageCounter.ts'
import { createDbSessionStore } from './stores/sessions/createDbSessionStore.ts'
import { watchProjectChanges } from './stores/watchProjectChanges.ts'

export type ServeApiReturnType = {
  /** Base URL, e.g. `http://127.0.0.1:4171`. */
  url: string
  port: number
  /** Stops accepting requests, closes open connections, then the database. */
  stop(): Promise<void>
}

/**
 * Builds the dependencies from a parsed environment (opening and migrating the database,
 * writing the start-up projects) and serves the app over HTTP.
 */
export async function serveApi(
  env: Env,
  { logger }: { logger: Logger },
): Promise<ServeApiReturnType> {
  const config = await loadConfig(env)
  const wallets = await loadWalletRegistry()
  const database = await openDatabase(env)
  try {
    return await serve(env, { logger, config, wallets, database })
  } catch (error) {
    await database.close().catch(() => {})
    throw error
  }
}

/** How long a project (its origins, its features) is reused in memory before the database is read. */
export const projectCacheTtlMs = 5_000
/** On PostgreSQL: how long this process reuses a cache entry before reading the shared one again. */
const sharedProcessesLocalTtlMs = 1_000
/**
 * With PGlite (one process, its indexer here): how long a history page or NFT list is reused,
 * at most (the indexer's writes forget them at once; missing prices or metadata are never kept).
 */
const answerCacheTtlMs = 5_000

const notReady = { error: { code: 'UPSTREAM_UNAVAILABLE', message: 'The API is starting.' } }

type ServeParameters = {
  logger: Logger
  config: ApiConfig
  wallets: readonly WalletRegistryEntry[]
  database: Database
}

async function serve(
  env: Env,
  { logger, config, wallets, database }: ServeParameters,
): Promise<ServeApiReturnType> {
  const dbProjects = createDbProjectStore({ db: database.db })
  await seedProjects(dbProjects, config.projects)
  for (const problem of listIgnoredOriginPatterns(await dbProjects.list())) logger.warn(problem)
  // Read paths in memory (issue 17): projects for a few seconds, cache entries no longer than
  // they live in the database. On PostgreSQL other processes write too: their changes are seen
  // within `sharedProcessesLocalTtlMs`.
  const projects = createCachedProjectStore(dbProjects, { ttlMs: projectCacheTtlMs })
  const clients = createChainClients(config.networks)
  const cache = createLayeredCacheStore({
    shared: createDbCacheStore({ db: database.db }),
    ...(env.DATABASE_URL ? { maxLocalTtlMs: sharedProcessesLocalTtlMs } : {}),
  })
  // Whole history pages and NFT lists for a few seconds, forgotten on each indexer write here;
  // on PostgreSQL 1 s, so another process's indexer writes are seen within it.
  const answers = createAnswerCache({
    ttlMs: env.DATABASE_URL ? sharedProcessesLocalTtlMs : answerCacheTtlMs,
  })
  const limits = startLimits(env, { db: database.db, logger })
  const authShareKey = await loadAuthShareKey({
    keyHex: env.LATCH_AUTH_SHARE_KEY,
    stateDir: env.LATCH_STATE_DIR,
  })
  // The app is built once the listen URL (its default public URL) is known.
  let app: ReturnType<typeof createApp> | undefined
  const server = createHttpServer(
    (request) => app?.fetch(request) ?? Response.json(notReady, { status: 503 }),
    {
      headersTimeoutMs: env.LATCH_HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.LATCH_REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.LATCH_KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.LATCH_MAX_CONNECTIONS,
    },
  )
  await new Promise<void>((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening)
      reject(
        error.code === 'EADDRINUSE'
          ? new PortInUseError({ host: env.HOST, port: env.PORT })
          : error,
      )
    }
    const onListening = () => {
      server.off('error', onError)
      resolve()
    }
    server.once('error', onError)
    server.once('listening', onListening)
    server.listen(env.PORT, env.HOST)
  })

  const { port } = server.address() as AddressInfo
  const host = env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST
  const url = `http://${host}:${port}`
  // One cap on outbound requests for the whole process, shared by NFT fetches and the feed.
  const outboundLimiter = createSemaphore({ limit: env.LATCH_OUTBOUND_CONCURRENCY })
  const publicUrl = env.LATCH_PUBLIC_API_URL ?? url
  const devnet = config.source === 'devnet'
  // Social sign-in: LATCH_SOCIAL_* clients, else (devnet) the local OpenID provider. Every call
  // to a provider crosses the guarded fetcher; the devnet's is on 127.0.0.1 over http.
  const manifest = devnet ? config.manifest : undefined
  const socialSettings = getSocialProviderSettings(env, manifest)
  // The devnet's relay and chain are on 127.0.0.1; a real relay's host must be public.
  const farcasterSettings = getFarcasterSettings({ config: env, manifest })
  const farcaster = farcasterSettings && {
    relay: createFarcasterRelayClient({
      relayUrl: farcasterSettings.relayUrl,
      fetch: createGuardedFetch({ allowPrivateHosts: devnet, limiter: outboundLimiter }),
    }),
    registry: createFarcasterIdRegistry({
      rpcUrl: farcasterSettings.rpcUrl,
      chainId: farcasterSettings.chainId,
      address: farcasterSettings.idRegistry,
    }),
  }
  const socialProviders = createSocialProviderClients({
    settings: socialSettings,
    redirectUri: `${publicUrl.replace(/\/+$/, '')}/auth/v1/social/callback`,
    fetch: toOpenIdFetch(
      createGuardedFetch({ allowPrivateHosts: devnet, limiter: outboundLimiter }),
    ),
    allowHttpIssuers: devnet,
  })
  // The on-ramp: LATCH_ONRAMP_* providers, else the devnet's sandbox (on 127.0.0.1 over http).
  const onrampFromDevnet = devnet && (env.LATCH_ONRAMP_PROVIDERS ?? []).length === 0
  const onramp = createOnrampProviders({
    settings: env,
    manifest,
    fetch: createGuardedOnrampFetch(
      createGuardedFetch({ allowPrivateHosts: onrampFromDevnet, limiter: outboundLimiter }),
    ),
  })
  app = createApp({
    networks: config.networks,
    // Solana nodes and Esplora APIs through the guards; the devnet's are on 127.0.0.1.
    namespaces: {
      networks: config.namespaceNetworks,
      fetch: createGuardedFetch({ allowPrivateHosts: devnet, limiter: outboundLimiter }),
    },
    projects,
    clients,
    wallets: createMemoryWalletRegistryStore(wallets),
    cache,
    answers,
    prices: createPriceSource({
      networks: config.networks,
      clients,
      cache,
      // The feed is the operator's, but its answers and redirects still cross the guards.
      fetch: createGuardedFetch({ limiter: outboundLimiter }),
      feed: env.LATCH_PRICE_FEED_URL
        ? { urlTemplate: env.LATCH_PRICE_FEED_URL, currencies: env.LATCH_PRICE_FEED_CURRENCIES }
        : undefined,
    }),
    logger,
    allowedOrigins: config.allowedOrigins,
    publicUrl,
    db: database.db,
    nameSuffix: env.LATCH_NAME_SUFFIX,
    swaps: {
      chains: env.LATCH_SWAP_CHAINS,
      // The devnet's chains always swap, on its pools.
      devnetChainIds:
        config.source === 'devnet' ? config.networks.map((network) => network.id) : [],
      slippage: env.LATCH_SWAP_SLIPPAGE,
      aggregator: env.LATCH_SWAP_AGGREGATOR_URL
        ? {
            url: env.LATCH_SWAP_AGGREGATOR_URL,
            key: env.LATCH_SWAP_AGGREGATOR_KEY,
            fetch: createGuardedFetch({ limiter: outboundLimiter }),
          }
        : undefined,
    },
    // The devnet serves NFT metadata and images on 127.0.0.1; real networks' hosts must be public.
    nftFetch: {
      allowPrivateHosts: config.source === 'devnet',
      limiter: outboundLimiter,
      concurrencyPerRequest: env.LATCH_OUTBOUND_CONCURRENCY_PER_REQUEST,
      imageCacheBytes: env.LATCH_NFT_IMAGE_CACHE_MB * 1024 * 1024,
    },
    rateLimits: limits.rateLimits,
    sdkUsage: limits.sdkUsage,
    quotas: {
      namesPerAddress: env.LATCH_NAMES_PER_ADDRESS,
      maxPendingNonces: env.LATCH_MAX_PENDING_NONCES,
      maxSessionMs: env.LATCH_SESSION_MAX_HOURS * 3_600_000,
    },
    // Bundlers and paymaster services through the guards; the devnet's are on 127.0.0.1.
    accountAbstraction: {
      fetch: createGuardedFetch({ allowPrivateHosts: devnet, limiter: outboundLimiter }),
    },
    rpc: {
      timeoutMs: env.LATCH_RPC_TIMEOUT_MS,
      maxBatch: env.LATCH_RPC_MAX_BATCH,
      maxLogBlockRange: env.LATCH_RPC_MAX_LOG_BLOCK_RANGE,
    },
    analytics: {
      settings: {
        enabled: env.LATCH_ANALYTICS === 'on',
        keepAddress: env.LATCH_ANALYTICS_KEEP_ADDRESS === 'on',
      },
    },
    onramp,
    embeddedWallet: {
      authUrl: env.LATCH_AUTH_URL,
      mailer: createSmtpMailer({ url: env.LATCH_SMTP_URL, from: env.LATCH_MAIL_FROM }),
      authShareKey: authShareKey.key,
      socialProviders,
      farcaster,
    },
  })

  if (config.allowedOrigins.includes('*'))
    logger.warn(
      'LATCH_ALLOWED_ORIGINS holds "*": every web site may call the API for projects without origins of their own.',
    )
  logger.info(`API listening on ${url}`)
  logger.info(
    `Serving ${[
      ...config.networks.map((network) => `${network.name} (${toCaip2(network.id)})`),
      ...[...config.namespaceNetworks.solana, ...config.namespaceNetworks.bitcoin].map(
        (network) => `${network.name} (${network.caipNetworkId})`,
      ),
    ].join(', ')} from ${config.source === 'devnet' ? 'the devnet manifest' : 'LATCH_NETWORKS'}.`,
  )
  logger.info(`Storage: ${describeDatabase(env)}.`)
  logger.info(
    `Swaps: quotes from ${env.LATCH_SWAP_AGGREGATOR_URL ? `the aggregator at ${new URL(env.LATCH_SWAP_AGGREGATOR_URL).origin}, falling back to ` : ''}the Uniswap V2 pools of the networks that have them; slippage ${env.LATCH_SWAP_SLIPPAGE}% unless asked otherwise.`,
  )
  logger.info(
    `Embedded wallet: /auth/v1 answers ${new URL(env.LATCH_AUTH_URL).origin}; codes are mailed through ${describeSmtp(env.LATCH_SMTP_URL)}; auth shares are encrypted with ${authShareKey.file ? `the key in ${authShareKey.file}${authShareKey.source === 'generated' ? ' (generated now: keep it with the backups)' : ''}` : 'LATCH_AUTH_SHARE_KEY'}.`,
  )

  const socialNames = Object.values(socialSettings).map(
    (setting) => `${setting.provider}${setting.source === 'devnet' ? ' (devnet)' : ''}`,
  )
  if (farcasterSettings)
    socialNames.push(`farcaster${farcasterSettings.source === 'devnet' ? ' (devnet)' : ''}`)
  logger.info(
    `Social sign-in: ${socialNames.length > 0 ? socialNames.join(', ') : 'none configured'}.`,
  )

  logger.info(
    `On-ramp: ${onramp.providers.length > 0 ? onramp.providers.map((provider) => provider.info.id).join(', ') : 'none configured'}${onramp.source === 'devnet' ? ' (the devnet sandbox)' : ''}.`,
  )

  // In the background: requests never wait on it (history reads whatever is indexed).
  const indexer =
    env.LATCH_INDEXER === 'off'
      ? undefined
      : startIndexer({
          db: database.db,
          networks: config.networks,
          // Its reads go out as JSON-RPC batches (blocks and receipts many at a time).
          clients: createChainClients(config.networks, {
            timeout: 10_000,
            retryCount: 2,
            batch: true,
          }),
          log: logger,
          // A devnet's whole history is small and wanted; a real chain's starts from now.
          startFrom: config.source === 'devnet' ? 'genesis' : 'latest',
          onWrite: () => answers.invalidate(),
        })

  // On PostgreSQL, a project written by another API process or the CLI is forgotten at once.
  const projectChanges = watchProjectChanges({
    db: database.db,
    onChange: (id) => projects.invalidate(id),
    onError: (error) =>
      logger.warn('Project change notifications interrupted; reconnecting.', {
        cause: String(error).slice(0, 200),
      }),
  })

  let stopping: Promise<void> | undefined
  return {
    url,
    port,
    stop() {
      stopping ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }).finally(async () => {
        await limits.stop()
        await indexer?.stop()
        await projectChanges?.stop()
        await database.close()
      })
      return stopping
    },
  }
}

/**
 * The rate limits (unless LATCH_RATE_LIMITS=off) over the database's shared counters, and a
 * sweeper deleting expired sign-in nonces every 30 s; `stop` before the database closes.
 */
function startLimits(env: Env, { db, logger }: { db: LatchDb; logger: Logger }) {
  const onError = (error: unknown) =>
    logger.warn('Rate-limit counters could not be written; retrying.', {
      // The driver's own words, short: Drizzle's message quotes the whole statement.
      cause: String(
        (error instanceof Error && error.cause instanceof Error ? error.cause : error) ?? '',
      ).slice(0, 200),
    })
  const counter =
    env.LATCH_RATE_LIMITS === 'off'
      ? undefined
      : createRateLimitCounter({ store: createDbRateLimitStore({ db }), onError })
  // Which SDK versions call the API, per project and day: written in batches every 10 s.
  const sdkUsage = createSdkUsageCounter({
    store: createDbSdkUsageStore({ db }),
    onError: (error) =>
      logger.warn('SDK usage counts could not be written; retrying.', {
        cause: String(error).slice(0, 200),
      }),
  })
  const sessions = createDbSessionStore({ db })
  const sweeper = setInterval(() => {
    sessions.sweepExpiredNonces().catch(onError)
  }, 30_000)
  sweeper.unref()
  return {
    rateLimits: counter && {
      counter,
      settings: {
        readsPerIp: env.LATCH_RATE_LIMIT_READS_PER_IP,
        readsPerProject: env.LATCH_RATE_LIMIT_READS_PER_PROJECT,
        writesPerIp: env.LATCH_RATE_LIMIT_WRITES_PER_IP,
        writesPerProject: env.LATCH_RATE_LIMIT_WRITES_PER_PROJECT,
        trustProxyHops: env.LATCH_TRUST_PROXY_HOPS,
      },
    },
    sdkUsage,
    async stop() {
      clearInterval(sweeper)
      await sdkUsage.stop()
      await counter?.stop()
    },
  }
}

/** The SMTP server for the log: scheme, host and port, never the credentials. */
function describeSmtp(url: string): string {
  const parsed = URL.parse(url)
  return parsed ? `${parsed.protocol}//${parsed.host}` : 'LATCH_SMTP_URL'
}
