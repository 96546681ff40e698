import { spawnSync } from 'node:child_process'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { defaultStateDir, parseEnv } from './env.ts'
import { InvalidEnvError } from './errors/config.ts'

const network = {
  id: 10,
  name: 'OP Mainnet',
  rpcUrl: 'https://rpc.example.com/v2/key',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

function parseError(source: Record<string, string>): InvalidEnvError {
  try {
    parseEnv({}, source)
  } catch (error) {
    if (error instanceof InvalidEnvError) return error
    throw error
  }
  throw new Error('Expected an InvalidEnvError.')
}

describe('parseEnv', () => {
  test('defaults', () => {
    expect(parseEnv({}, {})).toEqual({
      PORT: 4171,
      HOST: '127.0.0.1',
      LATCH_ALLOWED_ORIGINS: ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'],
      LATCH_STATE_DIR: defaultStateDir,
      LATCH_HEADERS_TIMEOUT_MS: 10_000,
      LATCH_REQUEST_TIMEOUT_MS: 30_000,
      LATCH_KEEP_ALIVE_TIMEOUT_MS: 5_000,
      LATCH_MAX_CONNECTIONS: 2_000,
      LATCH_DB_POOL_SIZE: 10,
      LATCH_DB_CONNECT_TIMEOUT_MS: 5_000,
      LATCH_DB_STATEMENT_TIMEOUT_MS: 10_000,
      LATCH_DB_IDLE_TIMEOUT_MS: 30_000,
      LATCH_RATE_LIMIT_READS_PER_IP: 3000,
      LATCH_RATE_LIMIT_READS_PER_PROJECT: 60_000,
      LATCH_RATE_LIMIT_WRITES_PER_IP: 120,
      LATCH_RATE_LIMIT_WRITES_PER_PROJECT: 3000,
      LATCH_TRUST_PROXY_HOPS: 0,
      LATCH_MAX_PENDING_NONCES: 10_000,
      LATCH_NAMES_PER_ADDRESS: 3,
      LATCH_SESSION_MAX_HOURS: 168,
      LATCH_OUTBOUND_CONCURRENCY: 16,
      LATCH_OUTBOUND_CONCURRENCY_PER_REQUEST: 4,
      LATCH_NFT_IMAGE_CACHE_MB: 64,
      LATCH_RPC_TIMEOUT_MS: 10_000,
      LATCH_RPC_MAX_BATCH: 20,
      LATCH_RPC_MAX_LOG_BLOCK_RANGE: 10_000,
      LATCH_SWAP_SLIPPAGE: 1,
      LATCH_ONRAMP_COINBASE_API_URL: 'https://api.developer.coinbase.com/onramp',
      LATCH_ONRAMP_COINBASE_CHECKOUT_URL: 'https://pay.coinbase.com/buy/select-asset',
      LATCH_ONRAMP_MOONPAY_API_URL: 'https://api.moonpay.com',
      LATCH_ONRAMP_MOONPAY_CHECKOUT_URL: 'https://buy.moonpay.com',
      LATCH_ONRAMP_COUNTRY: 'US',
      LATCH_ONRAMP_TIMEOUT_MS: 5000,
      LATCH_AUTH_URL: 'http://127.0.0.1:4177',
      LATCH_SMTP_URL: 'smtp://127.0.0.1:4178',
      LATCH_MAIL_FROM: 'Latch <login@latch.localhost>',
      LATCH_SOCIAL_GOOGLE_ISSUER: 'https://accounts.google.com',
      LATCH_SOCIAL_APPLE_ISSUER: 'https://appleid.apple.com',
      LATCH_SOCIAL_GITHUB_AUTHORIZATION_URL: 'https://github.com/login/oauth/authorize',
      LATCH_SOCIAL_GITHUB_TOKEN_URL: 'https://github.com/login/oauth/access_token',
      LATCH_SOCIAL_GITHUB_USERINFO_URL: 'https://api.github.com/user',
      LATCH_SOCIAL_DISCORD_AUTHORIZATION_URL: 'https://discord.com/oauth2/authorize',
      LATCH_SOCIAL_DISCORD_TOKEN_URL: 'https://discord.com/api/oauth2/token',
      LATCH_SOCIAL_DISCORD_USERINFO_URL: 'https://discord.com/api/users/@me',
      LATCH_SOCIAL_X_AUTHORIZATION_URL: 'https://x.com/i/oauth2/authorize',
      LATCH_SOCIAL_X_TOKEN_URL: 'https://api.x.com/2/oauth2/token',
      LATCH_SOCIAL_X_USERINFO_URL: 'https://api.x.com/2/users/me',
      LATCH_SOCIAL_FACEBOOK_AUTHORIZATION_URL: 'https://www.facebook.com/v21.0/dialog/oauth',
      LATCH_SOCIAL_FACEBOOK_TOKEN_URL: 'https://graph.facebook.com/v21.0/oauth/access_token',
      LATCH_SOCIAL_FACEBOOK_USERINFO_URL: 'https://graph.facebook.com/me?fields=id,name,email',
      LATCH_FARCASTER_CHAIN_ID: 10,
      LATCH_FARCASTER_ID_REGISTRY: '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b',
    })
    expect(defaultStateDir).toBe(path.resolve(import.meta.dirname, '../../../.latch'))
  })

  test('empty values mean "use the default"', () => {
    expect(parseEnv({}, { PORT: '', HOST: '', LATCH_NETWORKS: '' })).toMatchObject({
      PORT: 4171,
      HOST: '127.0.0.1',
      LATCH_NETWORKS: undefined,
    })
  })

  test('overrides win over the source', () => {
    expect(
      parseEnv({ PORT: '5000', HOST: undefined }, { PORT: '4000', HOST: '0.0.0.0' }),
    ).toMatchObject({
      PORT: 5000,
      HOST: '0.0.0.0',
    })
  })

  test('real networks, project ids, origins and a database URL', () => {
    const env = parseEnv(
      {},
      {
        LATCH_NETWORKS: JSON.stringify([network]),
        LATCH_PROJECT_IDS: 'one, two,,',
        LATCH_ALLOWED_ORIGINS: 'https://*.example.com,https://app.test',
        LATCH_STATE_DIR: 'relative/state',
        DATABASE_URL: 'postgres://latch@localhost:5432/latch',
      },
    )
    expect(env.LATCH_NETWORKS).toEqual([{ namespace: 'eip155', ...network }])
    expect(env.LATCH_PROJECT_IDS).toEqual(['one', 'two'])
    expect(env.LATCH_ALLOWED_ORIGINS).toEqual(['https://*.example.com', 'https://app.test'])
    expect(env.LATCH_STATE_DIR).toBe(path.resolve('relative/state'))
  })

  test('over-broad origins, a public URL with a query and crossed timeouts are refused', () => {
    const error = parseError({
      LATCH_ALLOWED_ORIGINS: 'https://app.test,https://*.co.uk,http://*:*',
      LATCH_PUBLIC_API_URL: 'https://api.example.com/?x=1',
      LATCH_HEADERS_TIMEOUT_MS: '60000',
      LATCH_MAX_CONNECTIONS: '0',
    })
    expect(error.message).toContain('"https://*.co.uk" is too broad: co.uk is a public suffix')
    expect(error.message).toContain('"http://*:*" allows every host')
    expect(error.variables).toEqual([
      'LATCH_ALLOWED_ORIGINS',
      'LATCH_PUBLIC_API_URL',
      'LATCH_MAX_CONNECTIONS',
    ])
    const crossed = parseError({ LATCH_HEADERS_TIMEOUT_MS: '60000' })
    expect(crossed.variables).toEqual(['LATCH_HEADERS_TIMEOUT_MS'])
    expect(
      parseEnv({}, { LATCH_PUBLIC_API_URL: 'https://api.example.com', LATCH_ALLOWED_ORIGINS: '*' }),
    ).toMatchObject({
      LATCH_PUBLIC_API_URL: 'https://api.example.com',
      LATCH_ALLOWED_ORIGINS: ['*'],
    })
  })

  test('a bad environment names every bad variable', () => {
    const error = parseError({
      PORT: 'eighty',
      LATCH_NETWORKS: JSON.stringify([{ ...network, rpcUrl: 'ftp://nope' }]),
      LATCH_ALLOWED_ORIGINS: 'example.com',
      DATABASE_URL: 'mysql://db',
    })
    expect(error.variables).toEqual([
      'PORT',
      'LATCH_NETWORKS',
      'LATCH_ALLOWED_ORIGINS',
      'DATABASE_URL',
      'LATCH_PROJECT_IDS',
    ])
    expect(error.message).toMatchInlineSnapshot(`
      "Invalid environment variables: PORT, LATCH_NETWORKS, LATCH_ALLOWED_ORIGINS, DATABASE_URL, LATCH_PROJECT_IDS.
      - PORT: Expected a port number between 0 and 65535.
      - LATCH_NETWORKS[0].rpcUrl: Expected an http(s) URL.
      - LATCH_ALLOWED_ORIGINS[0]: "example.com" is not an origin pattern: expected one like "https://app.example.com", "https://*.example.com" or "http://localhost:*".
      - DATABASE_URL: Expected a postgres:// or postgresql:// connection string.
      - LATCH_PROJECT_IDS: Required when LATCH_NETWORKS is set (a comma list of accepted project ids)."
    `)
  })

  test('a price feed: a URL template with {addresses}, and the currencies it quotes', () => {
    const feedUrl =
      'https://feed.example/simple/token_price/{platform}?contract_addresses={addresses}&vs_currencies={currency}'
    const env = parseEnv(
      {},
      {
        LATCH_NETWORKS: JSON.stringify([
          {
            ...network,
            priceFeedPlatform: 'optimistic-ethereum',
            wrappedNative: `0x${'42'.repeat(20)}`,
          },
        ]),
        LATCH_PROJECT_IDS: 'a',
        LATCH_PRICE_FEED_URL: feedUrl,
        LATCH_PRICE_FEED_CURRENCIES: 'usd',
      },
    )
    expect(env.LATCH_PRICE_FEED_URL).toBe(feedUrl)
    expect(env.LATCH_PRICE_FEED_CURRENCIES).toEqual(['usd'])
    expect(
      parseError({
        LATCH_PRICE_FEED_URL: 'https://feed.example/prices',
        LATCH_PRICE_FEED_CURRENCIES: 'usd,gbp',
      }).message,
    ).toMatchInlineSnapshot(`
      "Invalid environment variables: LATCH_PRICE_FEED_URL, LATCH_PRICE_FEED_CURRENCIES.
      - LATCH_PRICE_FEED_URL: Expected an http(s) URL template with an {addresses} placeholder.
      - LATCH_PRICE_FEED_CURRENCIES[1]: Expected a comma list of usd and eur."
    `)
  })

  test('LATCH_NETWORKS needs LATCH_PROJECT_IDS', () => {
    expect(
      parseError({ LATCH_NETWORKS: JSON.stringify([network]) }).message,
    ).toMatchInlineSnapshot(`
      "Invalid environment variables: LATCH_PROJECT_IDS.
      - LATCH_PROJECT_IDS: Required when LATCH_NETWORKS is set (a comma list of accepted project ids)."
    `)
  })

  test('the PostgreSQL pool settings: whole numbers in range', () => {
    expect(
      parseEnv(
        {},
        {
          LATCH_DB_POOL_SIZE: '3',
          LATCH_DB_CONNECT_TIMEOUT_MS: '1500',
          LATCH_DB_STATEMENT_TIMEOUT_MS: '',
          LATCH_DB_IDLE_TIMEOUT_MS: '60000',
        },
      ),
    ).toMatchObject({
      LATCH_DB_POOL_SIZE: 3,
      LATCH_DB_CONNECT_TIMEOUT_MS: 1_500,
      LATCH_DB_STATEMENT_TIMEOUT_MS: 10_000,
      LATCH_DB_IDLE_TIMEOUT_MS: 60_000,
    })
    expect(
      parseError({
        LATCH_DB_POOL_SIZE: '0',
        LATCH_DB_CONNECT_TIMEOUT_MS: '5s',
        LATCH_DB_STATEMENT_TIMEOUT_MS: '2.5',
      }).message,
    ).toMatchInlineSnapshot(`
      "Invalid environment variables: LATCH_DB_POOL_SIZE, LATCH_DB_CONNECT_TIMEOUT_MS, LATCH_DB_STATEMENT_TIMEOUT_MS.
      - LATCH_DB_POOL_SIZE: Expected a number of connections between 1 and 1000.
      - LATCH_DB_CONNECT_TIMEOUT_MS: Expected a time in ms between 100 and 600000.
      - LATCH_DB_STATEMENT_TIMEOUT_MS: Expected a time in ms between 100 and 3600000."
    `)
  })

  test('outbound fetch settings: whole numbers in range', () => {
    expect(
      parseEnv(
        {},
        {
          LATCH_OUTBOUND_CONCURRENCY: '4',
          LATCH_OUTBOUND_CONCURRENCY_PER_REQUEST: '2',
          LATCH_NFT_IMAGE_CACHE_MB: '8',
        },
      ),
    ).toMatchObject({
      LATCH_OUTBOUND_CONCURRENCY: 4,
      LATCH_OUTBOUND_CONCURRENCY_PER_REQUEST: 2,
      LATCH_NFT_IMAGE_CACHE_MB: 8,
    })
    expect(
      parseError({
        LATCH_OUTBOUND_CONCURRENCY: '0',
        LATCH_OUTBOUND_CONCURRENCY_PER_REQUEST: 'many',
        LATCH_NFT_IMAGE_CACHE_MB: '1.5',
      }).message,
    ).toMatchInlineSnapshot(`
      "Invalid environment variables: LATCH_OUTBOUND_CONCURRENCY, LATCH_OUTBOUND_CONCURRENCY_PER_REQUEST, LATCH_NFT_IMAGE_CACHE_MB.
      - LATCH_OUTBOUND_CONCURRENCY: Expected a number of requests between 1 and 1000.
      - LATCH_OUTBOUND_CONCURRENCY_PER_REQUEST: Expected a number of requests between 1 and 100.
      - LATCH_NFT_IMAGE_CACHE_MB: Expected a number of megabytes between 1 and 4096."
    `)
  })

  test('JSON-RPC endpoint settings: whole numbers in range', () => {
    expect(
      parseEnv(
        {},
        {
          LATCH_RPC_TIMEOUT_MS: '2500',
          LATCH_RPC_MAX_BATCH: '5',
          LATCH_RPC_MAX_LOG_BLOCK_RANGE: '2000',
        },
      ),
    ).toMatchObject({
      LATCH_RPC_TIMEOUT_MS: 2500,
      LATCH_RPC_MAX_BATCH: 5,
      LATCH_RPC_MAX_LOG_BLOCK_RANGE: 2000,
    })
    expect(
      parseError({
        LATCH_RPC_TIMEOUT_MS: '10',
        LATCH_RPC_MAX_BATCH: '0',
        LATCH_RPC_MAX_LOG_BLOCK_RANGE: 'all',
      }).message,
    ).toMatchInlineSnapshot(`
      "Invalid environment variables: LATCH_RPC_TIMEOUT_MS, LATCH_RPC_MAX_BATCH, LATCH_RPC_MAX_LOG_BLOCK_RANGE.
      - LATCH_RPC_TIMEOUT_MS: Expected a time in ms between 100 and 600000.
      - LATCH_RPC_MAX_BATCH: Expected a number of requests between 1 and 1000.
      - LATCH_RPC_MAX_LOG_BLOCK_RANGE: Expected a number of blocks between 1 and 10000000."
    `)
  })

  test('rate limits and quotas: on by default, whole numbers in range', () => {
    expect(parseEnv({}, {}).LATCH_RATE_LIMITS).toBeUndefined()
    expect(parseEnv({}, {})).toMatchObject({
      LATCH_RATE_LIMIT_READS_PER_IP: 3000,
      LATCH_RATE_LIMIT_READS_PER_PROJECT: 60_000,
      LATCH_RATE_LIMIT_WRITES_PER_IP: 120,
      LATCH_RATE_LIMIT_WRITES_PER_PROJECT: 3000,
      LATCH_TRUST_PROXY_HOPS: 0,
      LATCH_MAX_PENDING_NONCES: 10_000,
      LATCH_NAMES_PER_ADDRESS: 3,
      LATCH_SESSION_MAX_HOURS: 168,
    })
    expect(
      parseEnv({}, { LATCH_RATE_LIMITS: 'off', LATCH_RATE_LIMIT_WRITES_PER_IP: '10' }),
    ).toMatchObject({ LATCH_RATE_LIMITS: 'off', LATCH_RATE_LIMIT_WRITES_PER_IP: 10 })
    expect(
      parseError({
        LATCH_RATE_LIMITS: 'no',
        LATCH_RATE_LIMIT_READS_PER_IP: '0',
        LATCH_TRUST_PROXY_HOPS: '11',
        LATCH_NAMES_PER_ADDRESS: 'three',
        LATCH_SESSION_MAX_HOURS: '1.5',
      }).message,
    ).toMatchInlineSnapshot(`
      "Invalid environment variables: LATCH_RATE_LIMITS, LATCH_RATE_LIMIT_READS_PER_IP, LATCH_TRUST_PROXY_HOPS, LATCH_NAMES_PER_ADDRESS, LATCH_SESSION_MAX_HOURS.
      - LATCH_RATE_LIMITS: Expected on or off.
      - LATCH_RATE_LIMIT_READS_PER_IP: Expected a number of requests between 1 and 10000000.
      - LATCH_TRUST_PROXY_HOPS: Expected a number of proxies between 0 and 10.
      - LATCH_NAMES_PER_ADDRESS: Expected a number of names between 1 and 1000.
      - LATCH_SESSION_MAX_HOURS: Expected a number of hours between 1 and 8760."
    `)
  })

  test('LATCH_NETWORKS must be a JSON array', () => {
    expect(
      parseError({ LATCH_NETWORKS: '{nope', LATCH_PROJECT_IDS: 'a' }).message,
    ).toMatchInlineSnapshot(`
        "Invalid environment variables: LATCH_NETWORKS.
        - LATCH_NETWORKS: Expected a JSON array of networks."
      `)
    expect(
      parseError({ LATCH_NETWORKS: '[]', LATCH_PROJECT_IDS: 'a' }).message,
    ).toMatchInlineSnapshot(`
      "Invalid environment variables: LATCH_NETWORKS.
      - LATCH_NETWORKS: Expected at least one network."
    `)
  })
})

describe('parseEnv and the shared schema', () => {
  test('an unknown LATCH_* variable fails the start; the web server settings are accepted', () => {
    const error = parseError({ LATCH_RATE_LIMIT: 'off', LATCH_RELAY_URL: 'wss://relay.example' })
    expect(error.message).toMatchInlineSnapshot(`
      "Invalid environment variables: LATCH_RATE_LIMIT.
      - LATCH_RATE_LIMIT: Unknown setting."
    `)
    expect(
      parseEnv({}, { LATCH_RELAY_URL: 'wss://relay.example', HOME: '/root' }),
    ).not.toHaveProperty('LATCH_RELAY_URL')
  })

  test('a network may name its namespace: eip155, solana or bip122', () => {
    const env = parseEnv(
      {},
      {
        LATCH_NETWORKS: JSON.stringify([{ namespace: 'eip155', ...network }]),
        LATCH_PROJECT_IDS: 'a',
      },
    )
    expect(env.LATCH_NETWORKS?.[0]?.namespace).toBe('eip155')
    expect(
      parseError({
        LATCH_NETWORKS: JSON.stringify([{ namespace: 'cosmos', ...network }]),
        LATCH_PROJECT_IDS: 'a',
      }).message,
    ).toContain(
      '- LATCH_NETWORKS[0].namespace: Expected "eip155" (the default), "solana" or "bip122".',
    )
    // A Solana network is not an EVM one: its id is the genesis hash prefix.
    expect(
      parseError({
        LATCH_NETWORKS: JSON.stringify([{ namespace: 'solana', ...network }]),
        LATCH_PROJECT_IDS: 'a',
      }).message,
    ).toContain(
      '- LATCH_NETWORKS[0].id: Expected a CAIP-2 Solana reference: the first 32 base58 characters of the genesis hash.',
    )
  })
})

describe('parseEnv reads the .env file under the environment', () => {
  test('an unreadable LATCH_ENV_FILE stops the API with a clear message', () => {
    const run = spawnSync(process.execPath, [path.join(import.meta.dirname, 'server.ts')], {
      env: { PATH: process.env.PATH ?? '', LATCH_ENV_FILE: '/nowhere/latch.env' },
      encoding: 'utf8',
      timeout: 20_000,
    })
    expect(run.status).toBe(1)
    expect(run.stdout + run.stderr).toContain(
      '- LATCH_ENV_FILE: Cannot read the settings file "/nowhere/latch.env".',
    )
  })
})
