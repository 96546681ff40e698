import {
  type ConfigIssue,
  type ConfigSource,
  defaultAllowedOrigins,
  defaultStateDir,
  type Eip155Network,
  EnvFileError,
  type LatchConfig,
  loadConfigSource,
  safeParseConfig,
} from '@latch/config'
import { InvalidEnvError } from './errors/config.ts'
import { parseOriginPattern } from './middleware/parseOriginPattern.ts'

export { defaultAllowedOrigins, defaultStateDir }

/** One real EVM network of LATCH_NETWORKS, as parsed by `@latch/config` (namespace `eip155`). */
export type NetworkInput = Omit<Eip155Network, 'namespace'> & {
  namespace?: Eip155Network['namespace']
}

/** The settings the API reads; their schema, defaults and meaning live in `@latch/config`. */
const apiKeys = [
  'LATCH_NETWORKS',
  'LATCH_PROJECT_IDS',
  'LATCH_ALLOWED_ORIGINS',
  'LATCH_PUBLIC_API_URL',
  'LATCH_HEADERS_TIMEOUT_MS',
  'LATCH_REQUEST_TIMEOUT_MS',
  'LATCH_KEEP_ALIVE_TIMEOUT_MS',
  'LATCH_MAX_CONNECTIONS',
  'LATCH_STATE_DIR',
  'LATCH_PRICE_FEED_URL',
  'LATCH_PRICE_FEED_CURRENCIES',
  'LATCH_SWAP_CHAINS',
  'LATCH_SWAP_SLIPPAGE',
  'LATCH_SWAP_AGGREGATOR_URL',
  'LATCH_SWAP_AGGREGATOR_KEY',
  'DATABASE_URL',
  'LATCH_INDEXER',
  'LATCH_DB_POOL_SIZE',
  'LATCH_DB_CONNECT_TIMEOUT_MS',
  'LATCH_DB_STATEMENT_TIMEOUT_MS',
  'LATCH_DB_IDLE_TIMEOUT_MS',
  'LATCH_NAME_SUFFIX',
  'LATCH_RATE_LIMITS',
  'LATCH_RATE_LIMIT_READS_PER_IP',
  'LATCH_RATE_LIMIT_READS_PER_PROJECT',
  'LATCH_RATE_LIMIT_WRITES_PER_IP',
  'LATCH_RATE_LIMIT_WRITES_PER_PROJECT',
  'LATCH_TRUST_PROXY_HOPS',
  'LATCH_MAX_PENDING_NONCES',
  'LATCH_NAMES_PER_ADDRESS',
  'LATCH_SESSION_MAX_HOURS',
  'LATCH_OUTBOUND_CONCURRENCY',
  'LATCH_OUTBOUND_CONCURRENCY_PER_REQUEST',
  'LATCH_NFT_IMAGE_CACHE_MB',
  'LATCH_RPC_TIMEOUT_MS',
  'LATCH_RPC_MAX_BATCH',
  'LATCH_RPC_MAX_LOG_BLOCK_RANGE',
  'LATCH_ANALYTICS',
  'LATCH_ANALYTICS_KEEP_ADDRESS',
  'LATCH_AUTH_URL',
  'LATCH_SMTP_URL',
  'LATCH_MAIL_FROM',
  'LATCH_AUTH_SHARE_KEY',
  'LATCH_SOCIAL_GOOGLE_CLIENT_ID',
  'LATCH_SOCIAL_GOOGLE_CLIENT_SECRET',
  'LATCH_SOCIAL_GOOGLE_ISSUER',
  'LATCH_SOCIAL_APPLE_CLIENT_ID',
  'LATCH_SOCIAL_APPLE_CLIENT_SECRET',
  'LATCH_SOCIAL_APPLE_ISSUER',
  'LATCH_SOCIAL_GITHUB_CLIENT_ID',
  'LATCH_SOCIAL_GITHUB_CLIENT_SECRET',
  'LATCH_SOCIAL_GITHUB_AUTHORIZATION_URL',
  'LATCH_SOCIAL_GITHUB_TOKEN_URL',
  'LATCH_SOCIAL_GITHUB_USERINFO_URL',
  'LATCH_SOCIAL_DISCORD_CLIENT_ID',
  'LATCH_SOCIAL_DISCORD_CLIENT_SECRET',
  'LATCH_SOCIAL_DISCORD_AUTHORIZATION_URL',
  'LATCH_SOCIAL_DISCORD_TOKEN_URL',
  'LATCH_SOCIAL_DISCORD_USERINFO_URL',
  'LATCH_SOCIAL_X_CLIENT_ID',
  'LATCH_SOCIAL_X_CLIENT_SECRET',
  'LATCH_SOCIAL_X_AUTHORIZATION_URL',
  'LATCH_SOCIAL_X_TOKEN_URL',
  'LATCH_SOCIAL_X_USERINFO_URL',
  'LATCH_SOCIAL_FACEBOOK_CLIENT_ID',
  'LATCH_SOCIAL_FACEBOOK_CLIENT_SECRET',
  'LATCH_SOCIAL_FACEBOOK_AUTHORIZATION_URL',
  'LATCH_SOCIAL_FACEBOOK_TOKEN_URL',
  'LATCH_SOCIAL_FACEBOOK_USERINFO_URL',
  'LATCH_FARCASTER_RELAY_URL',
  'LATCH_FARCASTER_RPC_URL',
  'LATCH_FARCASTER_CHAIN_ID',
  'LATCH_FARCASTER_ID_REGISTRY',
  'LATCH_ONRAMP_PROVIDERS',
  'LATCH_ONRAMP_COINBASE_API_URL',
  'LATCH_ONRAMP_COINBASE_API_KEY',
  'LATCH_ONRAMP_COINBASE_SECRET',
  'LATCH_ONRAMP_COINBASE_CHECKOUT_URL',
  'LATCH_ONRAMP_COINBASE_FEE',
  'LATCH_ONRAMP_COINBASE_SENDERS',
  'LATCH_ONRAMP_MOONPAY_API_URL',
  'LATCH_ONRAMP_MOONPAY_API_KEY',
  'LATCH_ONRAMP_MOONPAY_SECRET',
  'LATCH_ONRAMP_MOONPAY_CHECKOUT_URL',
  'LATCH_ONRAMP_MOONPAY_FEE',
  'LATCH_ONRAMP_MOONPAY_SENDERS',
  'LATCH_ONRAMP_COUNTRY',
  'LATCH_ONRAMP_TIMEOUT_MS',
] as const satisfies readonly (keyof LatchConfig)[]

/** The validated configuration of one API process. */
export type Env = { PORT: number; HOST: string } & Pick<LatchConfig, (typeof apiKeys)[number]>
/** Values that take precedence over the process environment (for `startApi` and tests). */
export type EnvOverrides = Record<string, string | undefined>

/**
 * Parses the API's settings once at startup with the one schema of `@latch/config`: the only
 * place of the API that reads `process.env` (and the `.env` file under it). Every `LATCH_*`
 * variable is checked, the web server's too, so a typo fails here. Throws `InvalidEnvError`
 * naming every bad variable with its path (`LATCH_NETWORKS[0].rpcUrl`) and the reason.
 */
export function parseEnv(overrides: EnvOverrides = {}, source?: ConfigSource): Env {
  const defined = Object.fromEntries(
    Object.entries(overrides).filter(([, value]) => value !== undefined),
  )
  const input: ConfigSource = { ...(source ?? readProcessSettings()), ...defined }
  const result = safeParseConfig(input, { checkOriginPattern: parseOriginPattern })
  const issues: ConfigIssue[] = [...result.issues]
  // Real networks have no devnet project id to fall back on: without ids every call is a 401.
  if (input.LATCH_NETWORKS && !input.LATCH_PROJECT_IDS?.replaceAll(',', '').trim())
    issues.push({
      variable: 'LATCH_PROJECT_IDS',
      path: 'LATCH_PROJECT_IDS',
      message: 'Required when LATCH_NETWORKS is set (a comma list of accepted project ids).',
    })
  if (!result.success || issues.length > 0) throw new InvalidEnvError({ issues })
  const config = result.config
  return {
    PORT: config.PORT ?? 4171,
    HOST: config.HOST ?? '127.0.0.1',
    ...Object.fromEntries(apiKeys.map((key) => [key, config[key]])),
  } as Env
}

/** The process environment over the `.env` file; an unreadable LATCH_ENV_FILE is a bad setting. */
function readProcessSettings(): ConfigSource {
  try {
    return loadConfigSource().source
  } catch (error) {
    if (!(error instanceof EnvFileError)) throw error
    throw new InvalidEnvError({
      issues: [{ variable: 'LATCH_ENV_FILE', message: error.message.replaceAll('\n', ' ') }],
    })
  }
}
