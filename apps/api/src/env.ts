import path from 'node:path'
import { z } from 'zod'
import { InvalidEnvError } from './errors/config.ts'
import { parseOriginPattern } from './middleware/parseOriginPattern.ts'

/** `<repo>/.latch`: the devnet writes its manifest there, the API its embedded database. */
export const defaultStateDir = path.resolve(import.meta.dirname, '../../../.latch')

/** Origins the API answers when LATCH_ALLOWED_ORIGINS is unset: local pages on any port. */
export const defaultAllowedOrigins = [
  'http://localhost:*',
  'http://127.0.0.1:*',
  'http://[::1]:*',
] as const

/** An unset variable and an empty one mean the same: "use the default". */
function optional<schema extends z.ZodType>(schema: schema) {
  return z.preprocess((value) => (value === '' ? undefined : value), schema.optional())
}

const httpUrl = z
  .string()
  .regex(/^https?:\/\/\S+$/, 'Expected an http(s) URL.')
  .refine((value) => URL.canParse(value), 'Expected an http(s) URL.')
const address = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x-prefixed 40-hex-character address.')

const tokenInputSchema = z.strictObject({
  address,
  name: z.string().min(1),
  symbol: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
  priceUsd: z.number().nonnegative().optional(),
})

/** One real network in LATCH_NETWORKS. */
export const networkInputSchema = z.strictObject({
  id: z.number().int().positive(),
  name: z.string().min(1),
  /** Used by the server only; may hold a provider key. */
  rpcUrl: httpUrl,
  /** What `/v1/supported-chains` advertises; defaults to rpcUrl (set it when rpcUrl has a key). */
  publicRpcUrl: httpUrl.optional(),
  nativeCurrency: z.strictObject({
    name: z.string().min(1),
    symbol: z.string().min(1),
    decimals: z.number().int().min(0).max(36),
  }),
  nativePriceUsd: z.number().nonnegative().optional(),
  blockExplorerUrl: httpUrl.optional(),
  testnet: z.boolean().optional(),
  /** Multicall3 address; the canonical 0xcA11bde05977b3631167028862bE2a173976CA11 by default. */
  multicall3: address.optional(),
  tokens: z.array(tokenInputSchema).optional(),
  /** How LATCH_PRICE_FEED_URL names this chain (its `{platform}`, e.g. "base"). */
  priceFeedPlatform: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'Expected a platform id like "base".')
    .optional(),
  /** The wrapped native coin (WETH): the price feed prices the native coin as this token. */
  wrappedNative: address.optional(),
})
export type NetworkInput = z.infer<typeof networkInputSchema>

const networksJson = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected a JSON array of networks.' })
      return z.NEVER
    }
  })
  .pipe(
    z
      .array(networkInputSchema, 'Expected a JSON array of networks.')
      .min(1, 'Expected at least one network.')
      .refine(
        (networks) => new Set(networks.map((network) => network.id)).size === networks.length,
        'Each network id must appear once.',
      ),
  )

const commaList = (item: z.ZodString) =>
  z
    .string()
    .transform((value) =>
      value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry.length > 0),
    )
    .pipe(z.array(item))

const originPattern = z.string().superRefine((value, ctx) => {
  const parsed = parseOriginPattern(value)
  if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem })
})

/** A whole number setting of the database pool, between `min` and `max`, or its default. */
function databaseSetting(fallback: number, min: number, max: number, what: string) {
  const message = `Expected ${what} between ${min} and ${max}.`
  return z
    .preprocess(
      (value) => (value === '' || value === undefined ? undefined : Number(value)),
      z.number(message).int(message).min(min, message).max(max, message).optional(),
    )
    .transform((value) => value ?? fallback)
}

/** A whole-number limit between `min` and `max`, or its default when unset. */
function limitSetting(fallback: number, min: number, max: number, what: string) {
  const message = `Expected ${what} between ${min} and ${max}.`
  return z
    .preprocess(
      (value) => (value === '' || value === undefined ? undefined : Number(value)),
      z.number(message).int(message).min(min, message).max(max, message).optional(),
    )
    .transform((value) => value ?? fallback)
}

const envSchema = z.object({
  PORT: z
    .preprocess(
      (value) => (value === '' || value === undefined ? undefined : Number(value)),
      z
        .number('Expected a port number between 0 and 65535.')
        .int('Expected a port number between 0 and 65535.')
        .min(0, 'Expected a port number between 0 and 65535.')
        .max(65535, 'Expected a port number between 0 and 65535.')
        .optional(),
    )
    .transform((value) => value ?? 4171),
  HOST: optional(z.string()).transform((value) => value ?? '127.0.0.1'),
  /** JSON array of real networks; when unset, networks come from the devnet manifest. */
  LATCH_NETWORKS: optional(networksJson),
  /** Extra accepted project ids (required with LATCH_NETWORKS, added to the devnet's otherwise). */
  LATCH_PROJECT_IDS: optional(
    commaList(z.string().regex(/^[\w-]{1,128}$/, 'Expected ids of letters, digits, - or _.')),
  ),
  /**
   * Origins allowed to call the API; `*.` before a domain allows its subdomains, `:*` any port,
   * and a lone `*` every origin (logged as a warning at start). Over-broad patterns are refused.
   */
  LATCH_ALLOWED_ORIGINS: optional(commaList(originPattern)).transform((value) =>
    value && value.length > 0 ? value : [...defaultAllowedOrigins],
  ),
  /**
   * The API's public URL (behind a proxy, say `https://api.example.com`): absolute URLs the API
   * returns (token and wallet images) start with it. Unset, the URL it listens on.
   */
  LATCH_PUBLIC_API_URL: optional(
    httpUrl.refine((value) => {
      const url = new URL(value)
      return !url.search && !url.hash && !url.username && !url.password
    }, 'Expected an http(s) URL without a query, like "https://api.example.com".'),
  ),
  /** Time a client has to send a request's headers, in ms (default 10000). */
  LATCH_HEADERS_TIMEOUT_MS: databaseSetting(10_000, 1_000, 600_000, 'a time in ms'),
  /** Time a client has to send a whole request, in ms (default 30000). */
  LATCH_REQUEST_TIMEOUT_MS: databaseSetting(30_000, 1_000, 3_600_000, 'a time in ms'),
  /** How long an idle kept-alive connection stays open, in ms (default 5000). */
  LATCH_KEEP_ALIVE_TIMEOUT_MS: databaseSetting(5_000, 100, 600_000, 'a time in ms'),
  /** Open connections one API process accepts at most; more are closed (default 2000). */
  LATCH_MAX_CONNECTIONS: databaseSetting(2_000, 1, 1_000_000, 'a number of connections'),
  LATCH_STATE_DIR: optional(z.string()).transform((value) =>
    value ? path.resolve(value) : defaultStateDir,
  ),
  /**
   * An HTTP price feed for real networks (placeholders `{platform}`, `{chainId}`, `{addresses}`,
   * `{currency}`); unset, prices come from the devnet's pools or the prices in LATCH_NETWORKS.
   */
  LATCH_PRICE_FEED_URL: optional(
    httpUrl.refine(
      (value) => value.includes('{addresses}'),
      'Expected an http(s) URL template with an {addresses} placeholder.',
    ),
  ),
  /** The currencies the price feed quotes; unset, usd and eur. */
  LATCH_PRICE_FEED_CURRENCIES: optional(
    commaList(z.string()).pipe(
      z.array(z.enum(['usd', 'eur'], 'Expected a comma list of usd and eur.')).min(1),
    ),
  ),
  /**
   * The API's storage: a PostgreSQL server shared by every API process (`postgres://` or
   * `postgresql://`); unset, an embedded PGlite database in `<LATCH_STATE_DIR>/pgdata`.
   */
  DATABASE_URL: optional(
    z
      .string()
      .regex(
        /^postgres(ql)?:\/\/\S+$/,
        'Expected a postgres:// or postgresql:// connection string.',
      )
      .refine(
        (value) => URL.canParse(value),
        'Expected a postgres:// or postgresql:// connection string.',
      ),
  ),
  /**
   * `off`: this process indexes no chain (it only serves reads of the shared database).
   * Unset or `on`: it does; with PostgreSQL one process per chain indexes, the others stand by.
   */
  LATCH_INDEXER: optional(z.enum(['on', 'off'], 'Expected on or off.')),
  /** PostgreSQL only: the most connections this process opens to DATABASE_URL (default 10). */
  LATCH_DB_POOL_SIZE: databaseSetting(10, 1, 1_000, 'a number of connections'),
  /** PostgreSQL only: how long opening a connection may take, in ms (default 5000). */
  LATCH_DB_CONNECT_TIMEOUT_MS: databaseSetting(5_000, 100, 600_000, 'a time in ms'),
  /** PostgreSQL only: how long one statement may run, in ms, before it is cancelled (default 10000). */
  LATCH_DB_STATEMENT_TIMEOUT_MS: databaseSetting(10_000, 100, 3_600_000, 'a time in ms'),
  /** PostgreSQL only: how long an unused pool connection stays open, in ms (default 30000). */
  LATCH_DB_IDLE_TIMEOUT_MS: databaseSetting(30_000, 100, 3_600_000, 'a time in ms'),
  /** Account names are `<label>.<suffix>`; unset, `latch.id` (the contract's `defaultNameSuffix`). */
  LATCH_NAME_SUFFIX: optional(
    z
      .string()
      .transform((value) => value.trim().toLowerCase().replace(/^\./, ''))
      .pipe(
        z
          .string()
          .max(190, 'Expected a domain like "latch.id".')
          .regex(
            /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/,
            'Expected a domain like "latch.id".',
          ),
      ),
  ),
  /** `off` switches every rate limit off (load benchmarks from one IP); unset or `on`, on. */
  LATCH_RATE_LIMITS: optional(z.enum(['on', 'off'], 'Expected on or off.')),
  /** Reads (GET) one client IP may make per minute (default 3000). */
  LATCH_RATE_LIMIT_READS_PER_IP: limitSetting(3000, 1, 10_000_000, 'a number of requests'),
  /** Reads one project's clients may make per minute together (default 60000). */
  LATCH_RATE_LIMIT_READS_PER_PROJECT: limitSetting(60_000, 1, 10_000_000, 'a number of requests'),
  /** Writes (nonces, names, sessions) one client IP may make per minute (default 120). */
  LATCH_RATE_LIMIT_WRITES_PER_IP: limitSetting(120, 1, 10_000_000, 'a number of requests'),
  /** Writes one project's clients may make per minute together (default 3000). */
  LATCH_RATE_LIMIT_WRITES_PER_PROJECT: limitSetting(3000, 1, 10_000_000, 'a number of requests'),
  /**
   * How many proxies in front of the API append to `X-Forwarded-For` (default 0: the client is
   * the socket's address and the header is ignored).
   */
  LATCH_TRUST_PROXY_HOPS: limitSetting(0, 0, 10, 'a number of proxies'),
  /** Unused, unexpired sign-in nonces one project may hold (default 10000). */
  LATCH_MAX_PENDING_NONCES: limitSetting(10_000, 1, 10_000_000, 'a number of nonces'),
  /** Names one address may register (default 3). */
  LATCH_NAMES_PER_ADDRESS: limitSetting(3, 1, 1000, 'a number of names'),
  /** The longest sign-in session, in hours; a longer Expiration Time is refused (default 168). */
  LATCH_SESSION_MAX_HOURS: limitSetting(168, 1, 8760, 'a number of hours'),
  /** Outbound HTTP(S) requests (NFT metadata and images, price feed) in flight per process (16). */
  LATCH_OUTBOUND_CONCURRENCY: limitSetting(16, 1, 1_000, 'a number of requests'),
  /** NFT metadata documents one API request fetches at once (default 4). */
  LATCH_OUTBOUND_CONCURRENCY_PER_REQUEST: limitSetting(4, 1, 100, 'a number of requests'),
  /** Megabytes of NFT images each API process keeps in memory (default 64). */
  LATCH_NFT_IMAGE_CACHE_MB: limitSetting(64, 1, 4_096, 'a number of megabytes'),
})

/** The validated configuration of one API process. */
export type Env = z.output<typeof envSchema>
/** Values that take precedence over the process environment (for `startApi` and tests). */
export type EnvOverrides = Record<string, string | undefined>

/**
 * Parses the environment once at startup; the only place that reads `process.env`.
 * Throws `InvalidEnvError` naming every bad variable.
 */
export function parseEnv(overrides: EnvOverrides = {}, source: EnvOverrides = process.env): Env {
  const defined = Object.fromEntries(
    Object.entries(overrides).filter(([, value]) => value !== undefined),
  )
  const input: EnvOverrides = { ...source, ...defined }
  const result = envSchema.safeParse(input)
  const issues = result.success
    ? []
    : result.error.issues.map((issue) => {
        const [variable, ...rest] = issue.path
        const where = rest.length > 0 ? `at ${formatPath(rest)}: ` : ''
        return { variable: String(variable), message: `${where}${issue.message}` }
      })
  // Real networks have no devnet project id to fall back on: without ids every call is a 401.
  if (input.LATCH_NETWORKS && !input.LATCH_PROJECT_IDS?.replaceAll(',', '').trim())
    issues.push({
      variable: 'LATCH_PROJECT_IDS',
      message: 'Required when LATCH_NETWORKS is set (a comma list of accepted project ids).',
    })
  // Node refuses a header timeout longer than the whole request's.
  if (result.success && result.data.LATCH_HEADERS_TIMEOUT_MS > result.data.LATCH_REQUEST_TIMEOUT_MS)
    issues.push({
      variable: 'LATCH_HEADERS_TIMEOUT_MS',
      message: 'Must not be longer than LATCH_REQUEST_TIMEOUT_MS.',
    })
  if (result.success && issues.length === 0) return result.data
  throw new InvalidEnvError({ issues })
}

function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('')
}
