import path from 'node:path'
import { z } from 'zod'
import { defaultStateDir } from '../defaultStateDir.ts'
import {
  commaList,
  domain,
  httpUrl,
  onOff,
  optional,
  optionalWholeNumber,
  postgresUrl,
  projectId,
  smtpUrl,
  wholeNumber,
  wsUrl,
} from './fields.ts'
import { networksJsonSchema } from './networkSchema.ts'

/** Origins the API answers when LATCH_ALLOWED_ORIGINS is unset: local pages on any port. */
export const defaultAllowedOrigins = [
  'http://localhost:*',
  'http://127.0.0.1:*',
  'http://[::1]:*',
] as const

/** Feature switches LATCH_FEATURES accepts (core's `LatchFeatures`). */
export const featureNames = [
  'swaps',
  'onramp',
  'receive',
  'send',
  'email',
  'socials',
  'history',
  'analytics',
  'allWallets',
  'legalCheckbox',
  'smartSessions',
  'collapseWallets',
  'pay',
] as const
export type FeatureName = (typeof featureNames)[number]

/** The devnet API's address when LATCH_API_URL is unset (the default port base 4170, + 1). */
export const defaultApiUrl = 'http://127.0.0.1:4171'

/** The devnet's embedded-wallet site when LATCH_AUTH_URL is unset (port base 4170 + 7). */
export const defaultAuthUrl = 'http://127.0.0.1:4177'

/** The devnet's mailbox when LATCH_SMTP_URL is unset (port base 4170 + 8). */
export const defaultSmtpUrl = 'smtp://127.0.0.1:4178'

/** Checks one LATCH_ALLOWED_ORIGINS pattern; the API passes its own, stricter one. */
export type CheckOriginPattern = (value: string) => { ok: true } | { ok: false; problem: string }

export type CreateConfigSchemaParameters = {
  checkOriginPattern?: CheckOriginPattern | undefined
}

/** Without the API's checker: a pattern must look like an origin (the API checks suffixes). */
const checkOriginShape: CheckOriginPattern = (value) =>
  value === '*' || /^https?:\/\/[^\s/?#]+$/.test(value)
    ? { ok: true }
    : {
        ok: false,
        problem: `"${value}" is not an origin pattern: expected one like "https://app.example.com", "https://*.example.com" or "http://localhost:*".`,
      }

const portMessage = 'Expected a port number between 0 and 65535.'
const portBaseMessage = 'Expected a port number between 1024 and 65000.'
const portBase = optional(
  z.preprocess(
    (value) => (value === undefined ? undefined : Number(value)),
    z
      .number(portBaseMessage)
      .int(portBaseMessage)
      .min(1024, portBaseMessage)
      .max(65_000, portBaseMessage),
  ),
)

/**
 * The one configuration schema: every setting Latch reads from the environment, by its
 * variable name, with its default and meaning. The API, the web server, the devnet, the
 * scripts, the benchmarks and the tests all read through it.
 */
export function createConfigSchema(parameters: CreateConfigSchemaParameters = {}) {
  const checkOriginPattern = parameters.checkOriginPattern ?? checkOriginShape
  const originPattern = z.string().superRefine((value, ctx) => {
    const parsed = checkOriginPattern(value)
    if (!parsed.ok) ctx.addIssue({ code: 'custom', message: parsed.problem })
  })
  return z.strictObject({
    /** Where the API or the web server listens (their defaults: 4171 and 4170). */
    PORT: optional(
      z.preprocess(
        (value) => (value === undefined ? undefined : Number(value)),
        z.number(portMessage).int(portMessage).min(0, portMessage).max(65535, portMessage),
      ),
    ),
    /** The address the API or the web server listens on (their default: 127.0.0.1). */
    HOST: optional(z.string()),
    /** JSON array of real networks; when unset, networks come from the devnet manifest. */
    LATCH_NETWORKS: optional(networksJsonSchema),
    /** Extra accepted project ids (required with LATCH_NETWORKS, added to the devnet's otherwise). */
    LATCH_PROJECT_IDS: optional(commaList(projectId)),
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
    LATCH_HEADERS_TIMEOUT_MS: wholeNumber(10_000, 1_000, 600_000, 'a time in ms'),
    /** Time a client has to send a whole request, in ms (default 30000). */
    LATCH_REQUEST_TIMEOUT_MS: wholeNumber(30_000, 1_000, 3_600_000, 'a time in ms'),
    /** How long an idle kept-alive connection stays open, in ms (default 5000). */
    LATCH_KEEP_ALIVE_TIMEOUT_MS: wholeNumber(5_000, 100, 600_000, 'a time in ms'),
    /** Open connections one API process accepts at most; more are closed (default 2000). */
    LATCH_MAX_CONNECTIONS: wholeNumber(2_000, 1, 1_000_000, 'a number of connections'),
    /** Where the devnet manifest and the embedded database live (default `<repo>/.latch`). */
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
    DATABASE_URL: optional(postgresUrl),
    /**
     * `off`: this process indexes no chain (it only serves reads of the shared database).
     * Unset or `on`: it does; with PostgreSQL one process per chain indexes, the others stand by.
     */
    LATCH_INDEXER: optional(onOff),
    /** PostgreSQL only: the most connections this process opens to DATABASE_URL (default 10). */
    LATCH_DB_POOL_SIZE: wholeNumber(10, 1, 1_000, 'a number of connections'),
    /** PostgreSQL only: how long opening a connection may take, in ms (default 5000). */
    LATCH_DB_CONNECT_TIMEOUT_MS: wholeNumber(5_000, 100, 600_000, 'a time in ms'),
    /** PostgreSQL only: how long one statement may run, in ms, before it is cancelled (default 10000). */
    LATCH_DB_STATEMENT_TIMEOUT_MS: wholeNumber(10_000, 100, 3_600_000, 'a time in ms'),
    /** PostgreSQL only: how long an unused pool connection stays open, in ms (default 30000). */
    LATCH_DB_IDLE_TIMEOUT_MS: wholeNumber(30_000, 100, 3_600_000, 'a time in ms'),
    /** Account names are `<label>.<suffix>`; unset, `latch.id`. Read by the API and the web server. */
    LATCH_NAME_SUFFIX: optional(domain),
    /** `off` switches every rate limit off (load benchmarks from one IP); unset or `on`, on. */
    LATCH_RATE_LIMITS: optional(onOff),
    /** Reads (GET) one client IP may make per minute (default 3000). */
    LATCH_RATE_LIMIT_READS_PER_IP: wholeNumber(3000, 1, 10_000_000, 'a number of requests'),
    /** Reads one project's clients may make per minute together (default 60000). */
    LATCH_RATE_LIMIT_READS_PER_PROJECT: wholeNumber(60_000, 1, 10_000_000, 'a number of requests'),
    /** Writes (nonces, names, sessions) one client IP may make per minute (default 120). */
    LATCH_RATE_LIMIT_WRITES_PER_IP: wholeNumber(120, 1, 10_000_000, 'a number of requests'),
    /** Writes one project's clients may make per minute together (default 3000). */
    LATCH_RATE_LIMIT_WRITES_PER_PROJECT: wholeNumber(3000, 1, 10_000_000, 'a number of requests'),
    /**
     * How many proxies in front of the API append to `X-Forwarded-For` (default 0: the client is
     * the socket's address and the header is ignored).
     */
    LATCH_TRUST_PROXY_HOPS: wholeNumber(0, 0, 10, 'a number of proxies'),
    /** Unused, unexpired sign-in nonces one project may hold (default 10000). */
    LATCH_MAX_PENDING_NONCES: wholeNumber(10_000, 1, 10_000_000, 'a number of nonces'),
    /** Names one address may register (default 3). */
    LATCH_NAMES_PER_ADDRESS: wholeNumber(3, 1, 1000, 'a number of names'),
    /** The longest sign-in session, in hours; a longer Expiration Time is refused (default 168). */
    LATCH_SESSION_MAX_HOURS: wholeNumber(168, 1, 8760, 'a number of hours'),
    /** Outbound HTTP(S) requests (NFT metadata and images, price feed) in flight per process (16). */
    LATCH_OUTBOUND_CONCURRENCY: wholeNumber(16, 1, 1_000, 'a number of requests'),
    /** NFT metadata documents one API request fetches at once (default 4). */
    LATCH_OUTBOUND_CONCURRENCY_PER_REQUEST: wholeNumber(4, 1, 100, 'a number of requests'),
    /** Megabytes of NFT images each API process keeps in memory (default 64). */
    LATCH_NFT_IMAGE_CACHE_MB: wholeNumber(64, 1, 4_096, 'a number of megabytes'),
    /** The JSON-RPC endpoint: time for one call to the node, in ms (default 10000, spec section 9). */
    LATCH_RPC_TIMEOUT_MS: wholeNumber(10_000, 100, 600_000, 'a time in ms'),
    /** The JSON-RPC endpoint: requests in one batch at most; a longer batch is refused (default 20). */
    LATCH_RPC_MAX_BATCH: wholeNumber(20, 1, 1_000, 'a number of requests'),
    /** The JSON-RPC endpoint: blocks one eth_getLogs call may span (default 10000). */
    LATCH_RPC_MAX_LOG_BLOCK_RANGE: wholeNumber(10_000, 1, 10_000_000, 'a number of blocks'),
    /**
     * `on`: record analytics events (`POST /e`) for projects without their own `analytics`
     * feature. Unset or `off`: none are (a project's feature still wins).
     */
    LATCH_ANALYTICS: optional(onOff),
    /** `on`: analytics events keep the account address. Unset or `off`: never stored. */
    LATCH_ANALYTICS_KEEP_ADDRESS: optional(onOff),

    // The embedded wallet (the API's /auth/v1 routes and the secure site, apps/auth).
    /**
     * The embedded wallet's secure site, on its own origin (default http://127.0.0.1:4177, the
     * devnet's). The page loads its frame from here; the API answers /auth/v1 only from it.
     */
    LATCH_AUTH_URL: optional(httpUrl).transform((value) =>
      (value ?? defaultAuthUrl).replace(/\/+$/, ''),
    ),
    /** Where sign-in codes are mailed, e.g. `smtps://user:pass@smtp.example.com` (default the devnet's mailbox). */
    LATCH_SMTP_URL: optional(smtpUrl).transform((value) => value ?? defaultSmtpUrl),
    /** The sender of sign-in codes (default `Latch <login@latch.localhost>`). */
    LATCH_MAIL_FROM: optional(z.string().trim().min(3).max(254)).transform(
      (value) => value ?? 'Latch <login@latch.localhost>',
    ),
    /**
     * 64 hex digits: the key that encrypts the embedded wallets' auth shares at rest. Unset: one
     * is generated into `<LATCH_STATE_DIR>/auth-share.key` on first start (keep it with backups).
     */
    LATCH_AUTH_SHARE_KEY: optional(
      z.string().regex(/^[0-9a-fA-F]{64}$/, 'Expected 64 hex digits (a 32-byte key).'),
    ),

    // Social sign-in (issue 13): an OAuth client per provider, registered with the redirect URI
    // `<LATCH_PUBLIC_API_URL>/auth/v1/social/callback`. A provider without a client id is not
    // offered; under the devnet, unset ones use the local OpenID provider (port base + 9).
    /** Google's OAuth client id; set it (and the secret) to offer Google. */
    LATCH_SOCIAL_GOOGLE_CLIENT_ID: optional(z.string().trim().min(1).max(512)),
    /** Google's OAuth client secret. */
    LATCH_SOCIAL_GOOGLE_CLIENT_SECRET: optional(z.string().trim().min(1).max(4096)),
    /** Google's OpenID Connect issuer, read by discovery (default https://accounts.google.com). */
    LATCH_SOCIAL_GOOGLE_ISSUER: optional(httpUrl).transform(
      (value) => value ?? 'https://accounts.google.com',
    ),
    /** Apple's OAuth client id; set it (and the secret) to offer Apple. */
    LATCH_SOCIAL_APPLE_CLIENT_ID: optional(z.string().trim().min(1).max(512)),
    /** Apple's OAuth client secret. */
    LATCH_SOCIAL_APPLE_CLIENT_SECRET: optional(z.string().trim().min(1).max(4096)),
    /** Apple's OpenID Connect issuer, read by discovery (default https://appleid.apple.com). */
    LATCH_SOCIAL_APPLE_ISSUER: optional(httpUrl).transform(
      (value) => value ?? 'https://appleid.apple.com',
    ),
    /** GitHub's OAuth client id; set it (and the secret) to offer GitHub. */
    LATCH_SOCIAL_GITHUB_CLIENT_ID: optional(z.string().trim().min(1).max(512)),
    /** GitHub's OAuth client secret. */
    LATCH_SOCIAL_GITHUB_CLIENT_SECRET: optional(z.string().trim().min(1).max(4096)),
    /** GitHub's authorization endpoint (default https://github.com/login/oauth/authorize). */
    LATCH_SOCIAL_GITHUB_AUTHORIZATION_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://github.com/login/oauth/authorize',
    ),
    /** GitHub's token endpoint (default https://github.com/login/oauth/access_token). */
    LATCH_SOCIAL_GITHUB_TOKEN_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://github.com/login/oauth/access_token',
    ),
    /** GitHub's user endpoint, read with the access token (default https://api.github.com/user). */
    LATCH_SOCIAL_GITHUB_USERINFO_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://api.github.com/user',
    ),
    /** Discord's OAuth client id; set it (and the secret) to offer Discord. */
    LATCH_SOCIAL_DISCORD_CLIENT_ID: optional(z.string().trim().min(1).max(512)),
    /** Discord's OAuth client secret. */
    LATCH_SOCIAL_DISCORD_CLIENT_SECRET: optional(z.string().trim().min(1).max(4096)),
    /** Discord's authorization endpoint (default https://discord.com/oauth2/authorize). */
    LATCH_SOCIAL_DISCORD_AUTHORIZATION_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://discord.com/oauth2/authorize',
    ),
    /** Discord's token endpoint (default https://discord.com/api/oauth2/token). */
    LATCH_SOCIAL_DISCORD_TOKEN_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://discord.com/api/oauth2/token',
    ),
    /** Discord's user endpoint, read with the access token (default https://discord.com/api/users/@me). */
    LATCH_SOCIAL_DISCORD_USERINFO_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://discord.com/api/users/@me',
    ),
    /** X's OAuth client id; set it (and the secret) to offer X. */
    LATCH_SOCIAL_X_CLIENT_ID: optional(z.string().trim().min(1).max(512)),
    /** X's OAuth client secret. */
    LATCH_SOCIAL_X_CLIENT_SECRET: optional(z.string().trim().min(1).max(4096)),
    /** X's authorization endpoint (default https://x.com/i/oauth2/authorize). */
    LATCH_SOCIAL_X_AUTHORIZATION_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://x.com/i/oauth2/authorize',
    ),
    /** X's token endpoint (default https://api.x.com/2/oauth2/token). */
    LATCH_SOCIAL_X_TOKEN_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://api.x.com/2/oauth2/token',
    ),
    /** X's user endpoint, read with the access token (default https://api.x.com/2/users/me). */
    LATCH_SOCIAL_X_USERINFO_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://api.x.com/2/users/me',
    ),
    /** Facebook's OAuth client id; set it (and the secret) to offer Facebook. */
    LATCH_SOCIAL_FACEBOOK_CLIENT_ID: optional(z.string().trim().min(1).max(512)),
    /** Facebook's OAuth client secret. */
    LATCH_SOCIAL_FACEBOOK_CLIENT_SECRET: optional(z.string().trim().min(1).max(4096)),
    /** Facebook's authorization endpoint (default https://www.facebook.com/v21.0/dialog/oauth). */
    LATCH_SOCIAL_FACEBOOK_AUTHORIZATION_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://www.facebook.com/v21.0/dialog/oauth',
    ),
    /** Facebook's token endpoint (default https://graph.facebook.com/v21.0/oauth/access_token). */
    LATCH_SOCIAL_FACEBOOK_TOKEN_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://graph.facebook.com/v21.0/oauth/access_token',
    ),
    /** Facebook's user endpoint, read with the access token (default https://graph.facebook.com/me?fields=id,name,email). */
    LATCH_SOCIAL_FACEBOOK_USERINFO_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://graph.facebook.com/me?fields=id,name,email',
    ),
    /**
     * The Farcaster auth relay (FIP-11), e.g. https://relay.farcaster.xyz; set it to offer
     * Farcaster. Unset: the devnet's local relay under the devnet, else no Farcaster.
     */
    LATCH_FARCASTER_RELAY_URL: optional(httpUrl),
    /** An RPC URL of the chain holding Farcaster's IdRegistry (OP Mainnet for the real one). */
    LATCH_FARCASTER_RPC_URL: optional(httpUrl),
    /** That chain's id (default 10, OP Mainnet). */
    LATCH_FARCASTER_CHAIN_ID: wholeNumber(10, 1, Number.MAX_SAFE_INTEGER, 'a chain id'),
    /** The IdRegistry's address (default Farcaster's, 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b). */
    LATCH_FARCASTER_ID_REGISTRY: optional(
      z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected a 0x address of 40 hex digits.'),
    ).transform((value) => value ?? '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'),

    // Swaps (issue 14): quotes from Uniswap V2 pools read on-chain (per network in LATCH_NETWORKS
    // or the devnet's), and optionally a 1inch-style aggregator.
    /**
     * Chain ids that offer swaps. Unset: the spec's swap networks (1, 42161, 10, 324, 8453, 56,
     * 137, 100, 43114, 250, 8217, 1313161554) that the app has, and the devnet's chains.
     */
    LATCH_SWAP_CHAINS: optional(
      commaList(
        z
          .string()
          .regex(/^[1-9]\d{0,15}$/, 'Expected chain ids, e.g. "1,8453".')
          .transform((value) => Number(value)),
      ),
    ),
    /** Default slippage tolerance in percent (default 1, spec section 9). */
    LATCH_SWAP_SLIPPAGE: optional(
      z.preprocess(
        (value) => (typeof value === 'string' ? Number(value) : value),
        z
          .number('Expected a percentage between 0.01 and 50.')
          .min(0.01, 'Expected a percentage between 0.01 and 50.')
          .max(50, 'Expected a percentage between 0.01 and 50.'),
      ),
    ).transform((value) => value ?? 1),
    /** A 1inch-style swap API's base URL (e.g. https://api.1inch.dev/swap/v6.0); unset: on-chain routes only. */
    LATCH_SWAP_AGGREGATOR_URL: optional(httpUrl),
    /** That API's key (sent as `Authorization: Bearer`). */
    LATCH_SWAP_AGGREGATOR_KEY: optional(z.string().trim().min(1).max(512)),

    // On-ramp (issue 14): two providers behind one interface, a Coinbase Onramp-style API (JWT
    // with a CDP key, session tokens) and a MoonPay-style one (publishable key, signed widget
    // URLs). Unset under the devnet: its sandbox serves both.
    /** The providers offered, in order: `coinbase`, `moonpay` (unset: the devnet sandbox's, else none). */
    LATCH_ONRAMP_PROVIDERS: optional(
      commaList(z.enum(['coinbase', 'moonpay'], 'Expected coinbase or moonpay.')),
    ),
    /** Coinbase Onramp's API (default https://api.developer.coinbase.com/onramp). */
    LATCH_ONRAMP_COINBASE_API_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://api.developer.coinbase.com/onramp',
    ),
    /** The CDP API key's name (its id), the JWT's `kid` and `sub`. */
    LATCH_ONRAMP_COINBASE_API_KEY: optional(z.string().trim().min(1).max(512)),
    /** The CDP API key's secret: an Ed25519 key (base64) or an EC key (PEM). */
    LATCH_ONRAMP_COINBASE_SECRET: optional(z.string().trim().min(1).max(4096)),
    /** Coinbase's checkout page (default https://pay.coinbase.com/buy/select-asset). */
    LATCH_ONRAMP_COINBASE_CHECKOUT_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://pay.coinbase.com/buy/select-asset',
    ),
    /** Coinbase's fee in percent, shown before a quote and used for estimates (default 1). */
    LATCH_ONRAMP_COINBASE_FEE: optional(
      z.preprocess(
        (value) => (typeof value === 'string' ? Number(value) : value),
        z
          .number('Expected a fee in percent between 0 and 10.')
          .min(0, 'Expected a fee in percent between 0 and 10.')
          .max(10, 'Expected a fee in percent between 0 and 10.'),
      ),
    ),
    /** Addresses Coinbase pays purchases out from: the history marks transfers from them. */
    LATCH_ONRAMP_COINBASE_SENDERS: optional(
      commaList(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected 0x addresses of 40 hex digits.')),
    ),
    /** MoonPay's API (default https://api.moonpay.com). */
    LATCH_ONRAMP_MOONPAY_API_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://api.moonpay.com',
    ),
    /** MoonPay's publishable key (`pk_...`). */
    LATCH_ONRAMP_MOONPAY_API_KEY: optional(z.string().trim().min(1).max(512)),
    /** MoonPay's secret key (`sk_...`): it signs the widget URLs. */
    LATCH_ONRAMP_MOONPAY_SECRET: optional(z.string().trim().min(1).max(512)),
    /** MoonPay's widget (default https://buy.moonpay.com). */
    LATCH_ONRAMP_MOONPAY_CHECKOUT_URL: optional(httpUrl).transform(
      (value) => value ?? 'https://buy.moonpay.com',
    ),
    /** MoonPay's fee in percent, shown before a quote and used for estimates (default 2). */
    LATCH_ONRAMP_MOONPAY_FEE: optional(
      z.preprocess(
        (value) => (typeof value === 'string' ? Number(value) : value),
        z
          .number('Expected a fee in percent between 0 and 10.')
          .min(0, 'Expected a fee in percent between 0 and 10.')
          .max(10, 'Expected a fee in percent between 0 and 10.'),
      ),
    ),
    /** Addresses MoonPay pays purchases out from: the history marks transfers from them. */
    LATCH_ONRAMP_MOONPAY_SENDERS: optional(
      commaList(z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'Expected 0x addresses of 40 hex digits.')),
    ),
    /** The user's country the providers are asked about (ISO 3166-1, default US). */
    LATCH_ONRAMP_COUNTRY: optional(
      z
        .string()
        .trim()
        .regex(/^[A-Za-z]{2}$/, 'Expected a two-letter country code, e.g. US.')
        .transform((value) => value.toUpperCase()),
    ).transform((value) => value ?? 'US'),
    /** Bound on one provider call, in ms (default 5000): past it, the fallback answers. */
    LATCH_ONRAMP_TIMEOUT_MS: wholeNumber(5000, 100, 60_000, 'a timeout in ms'),

    // The web server (what `/latch-config.js` tells the page).
    /** Where the page finds the API (default http://127.0.0.1:4171, the devnet's). */
    LATCH_API_URL: optional(httpUrl).transform((value) =>
      (value ?? defaultApiUrl).replace(/\/+$/, ''),
    ),
    /** The project id the page sends to the API; unset, the devnet manifest's. Also the devnet's. */
    LATCH_PROJECT_ID: optional(z.string().trim().pipe(projectId)),
    /** The WalletConnect relay, e.g. `wss://relay.walletconnect.org`; unset, the devnet's. */
    LATCH_RELAY_URL: optional(wsUrl),
    /** The WalletConnect Cloud project id the public relay knows the app by (default LATCH_PROJECT_ID). */
    LATCH_WALLETCONNECT_PROJECT_ID: optional(
      z.string().regex(/^[0-9a-zA-Z]{32}$/, 'Expected a 32-character WalletConnect project id.'),
    ),
    /** The app's name in the views and wallet prompts (default Latch). */
    LATCH_APP_NAME: optional(z.string().trim().min(1)).transform((value) => value ?? 'Latch'),
    /** The views' language (`en`, `es`, `ar` or a tag like `es-MX`); unset, the browser's. */
    LATCH_LOCALE: optional(
      z
        .string()
        .regex(
          /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/,
          'Expected a language tag such as "en" or "es-MX".',
        ),
    ),
    /** `light`, `dark` or `system` (default). */
    LATCH_THEME_MODE: optional(
      z.enum(['light', 'dark', 'system'], 'Expected light, dark or system.'),
    ),
    /** The accent colour, e.g. `#0e76fd`. */
    LATCH_ACCENT: optional(z.string().trim().min(1)),
    /** `true`: every connected wallet signs in (EIP-4361) before its account shows (default false). */
    LATCH_REQUIRE_SIGN_IN: optional(
      z
        .string()
        .transform((value) => value.trim().toLowerCase())
        .pipe(z.enum(['true', 'false', '1', '0'], 'Expected true or false.')),
    ).transform((value) => value === 'true' || value === '1'),

    /**
     * Feature switches of the views, `name=on|off` comma-separated, e.g.
     * `legalCheckbox=on,collapseWallets=on,allWallets=off`. A feature this build does not have
     * (swaps, onramp, socials, smartSessions, pay) set to on stops the web
     * server at start.
     */
    LATCH_FEATURES: optional(
      commaList(
        z
          .string()
          .regex(
            new RegExp(`^(${featureNames.join('|')})=(on|off)$`),
            `Expected name=on or name=off, name one of ${featureNames.join(', ')}.`,
          ),
      ),
    ).transform((value) =>
      value
        ? Object.fromEntries(
            value.map((entry) => {
              const [name, state] = entry.split('=')
              return [name as FeatureName, state === 'on']
            }),
          )
        : undefined,
    ),
    /** Terms of service, linked by the legal checkbox (`LATCH_FEATURES=legalCheckbox=on`). */
    LATCH_TERMS_URL: optional(httpUrl),
    /** Privacy policy, linked by the legal checkbox. */
    LATCH_PRIVACY_URL: optional(httpUrl),
    /** The Connect view's methods in order (default `email,social,wallet`). */
    LATCH_CONNECT_METHODS_ORDER: optional(
      commaList(z.enum(['email', 'social', 'wallet'], 'Expected email, social or wallet.')),
    ),
    /** The account view's feature buttons in order (default `onramp,swaps,receive,send`). */
    LATCH_WALLET_FEATURES_ORDER: optional(
      commaList(
        z.enum(['onramp', 'swaps', 'receive', 'send'], 'Expected onramp, swaps, receive or send.'),
      ),
    ),
    /**
     * IANA time zones whose users see neither on-ramp nor swaps, comma-separated; `none` for
     * none (default the Chinese regions: Asia/Shanghai, Urumqi, Chongqing, Harbin, Kashgar,
     * Macau, Macao, Hong_Kong and PRC).
     */
    LATCH_RESTRICTED_TIME_ZONES: optional(
      z
        .string()
        .transform((value) => (value.trim().toLowerCase() === 'none' ? '' : value))
        .pipe(
          commaList(
            z
              .string()
              .regex(
                /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/,
                'Expected IANA time zone names such as Asia/Shanghai, or none.',
              ),
          ),
        ),
    ),
    /** The built web app the web server serves (default apps/web/dist, what `npm run build` writes). */
    LATCH_WEB_DIST_DIR: optional(z.string()).transform((value) =>
      value ? path.resolve(value) : undefined,
    ),

    // The devnet.
    /** Browser origins that may use anvil, the relay, the faucet and the NFT server besides loopback. */
    LATCH_DEVNET_ALLOWED_ORIGINS: optional(commaList(z.string())).transform((value) => value ?? []),
    /** `Host` names the devnet serves besides loopback. */
    LATCH_DEVNET_ALLOWED_HOSTS: optional(commaList(z.string())).transform((value) => value ?? []),

    // The scripts, benchmarks and tests.
    /** `npm start`: the first of the stack's ports (default 4170). */
    LATCH_PORT_BASE: portBase,
    /** A `.env` file to read instead of `<repo>/.env`; variables already set win over it. */
    LATCH_ENV_FILE: optional(z.string()),
    /** Benchmarks: the first of their ports (default 4670, 4770 for bench:load). */
    LATCH_BENCH_PORT_BASE: portBase,
    /** bench:indexer: also measure against this PostgreSQL server. */
    LATCH_BENCH_DATABASE_URL: optional(postgresUrl),
    /** Tests: run the storage tests against this PostgreSQL server too (besides PGlite). */
    LATCH_TEST_DATABASE_URL: optional(postgresUrl),
    /** Tests: replay one run of the API fuzz. */
    LATCH_FUZZ_SEED: optionalWholeNumber(0, 2 ** 32 - 1, 'a seed'),
    /** Browser tests: the first of the stack's ports (default the test port base). */
    LATCH_E2E_PORT_BASE: portBase,
    /** Browser tests: set by e2e's global setup for the specs (the stack's state folder). */
    LATCH_E2E_STATE_DIR: optional(z.string()),
    /** Browser tests: set by e2e's global setup (the web server's URL). */
    LATCH_E2E_WEB_URL: optional(httpUrl),
    /** Browser tests: set by e2e's global setup (the API's URL). */
    LATCH_E2E_API_URL: optional(httpUrl),
  })
}

export type ConfigSchema = ReturnType<typeof createConfigSchema>
/** The parsed configuration of one process. */
export type LatchConfig = z.output<ConfigSchema>
/** Every setting's variable name. */
export type ConfigKey = keyof LatchConfig
