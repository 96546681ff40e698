import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { defaultStateDir } from './defaultStateDir.ts'
import { InvalidConfigError } from './errors/config.ts'
import { parseConfig } from './parseConfig.ts'

const base = {
  id: 8453,
  name: 'Base',
  rpcUrl: 'https://base-rpc.example/v2/secret-key',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

function parseError(source: Record<string, string>): InvalidConfigError {
  try {
    parseConfig(source)
  } catch (error) {
    if (error instanceof InvalidConfigError) return error
    throw error
  }
  throw new Error('Expected an InvalidConfigError.')
}

describe('parseConfig', () => {
  test('defaults, and variables that are not Latch settings are ignored', () => {
    const config = parseConfig({ PATH: '/usr/bin', HOME: '/root', NODE_ENV: 'test' })
    expect(config.PORT).toBeUndefined()
    expect(config).toMatchObject({
      LATCH_STATE_DIR: defaultStateDir,
      LATCH_API_URL: 'http://127.0.0.1:4171',
      LATCH_APP_NAME: 'Latch',
      LATCH_REQUIRE_SIGN_IN: false,
      LATCH_DB_POOL_SIZE: 10,
      LATCH_DEVNET_ALLOWED_ORIGINS: [],
    })
    expect(config).not.toHaveProperty('PATH')
    expect(defaultStateDir).toBe(path.resolve(import.meta.dirname, '../../../.latch'))
  })

  test('a network without a namespace is eip155; one with it too; caipNetworkId is checked', () => {
    const config = parseConfig({
      LATCH_NETWORKS: JSON.stringify([
        base,
        { ...base, id: 10, namespace: 'eip155', caipNetworkId: 'eip155:10' },
      ]),
    })
    expect(config.LATCH_NETWORKS).toEqual([
      { namespace: 'eip155', ...base },
      { namespace: 'eip155', ...base, id: 10 },
    ])
    expect(
      parseError({
        LATCH_NETWORKS: JSON.stringify([
          { ...base, caipNetworkId: 'eip155:1' },
          { ...base, id: 1, namespace: 'solana' },
        ]),
      }).message,
    ).toMatchInlineSnapshot(`
      "Invalid environment variables: LATCH_NETWORKS.
      - LATCH_NETWORKS[0].caipNetworkId: Expected "eip155:8453".
      - LATCH_NETWORKS[1].id: Expected a CAIP-2 Solana reference: the first 32 base58 characters of the genesis hash."
    `)
  })

  test('unknown LATCH_* keys and wrong types fail with the path and the reason', () => {
    const error = parseError({
      LATCH_NETWORKS: JSON.stringify([{ ...base, rpcUrl: 'ftp://nope', extra: 1 }]),
      LATCH_NETWROKS: '[]',
      LATCH_THEME_MODE: 'blue',
      LATCH_REQUIRE_SIGN_IN: 'yes please',
      LATCH_RELAY_URL: 'https://relay.example',
      LATCH_PORT_BASE: '80',
      PORT: 'eighty',
    })
    expect(error.variables).toEqual([
      'LATCH_NETWROKS',
      'PORT',
      'LATCH_NETWORKS',
      'LATCH_RELAY_URL',
      'LATCH_THEME_MODE',
      'LATCH_REQUIRE_SIGN_IN',
      'LATCH_PORT_BASE',
    ])
    expect(error.message).toMatchInlineSnapshot(`
      "Invalid environment variables: LATCH_NETWROKS, PORT, LATCH_NETWORKS, LATCH_RELAY_URL, LATCH_THEME_MODE, LATCH_REQUIRE_SIGN_IN, LATCH_PORT_BASE.
      - LATCH_NETWROKS: Unknown setting.
      - PORT: Expected a port number between 0 and 65535.
      - LATCH_NETWORKS[0].rpcUrl: Expected an http(s) URL.
      - LATCH_NETWORKS[0]: Unrecognized key: "extra"
      - LATCH_RELAY_URL: Expected a ws(s) URL.
      - LATCH_THEME_MODE: Expected light, dark or system.
      - LATCH_REQUIRE_SIGN_IN: Expected true or false.
      - LATCH_PORT_BASE: Expected a port number between 1024 and 65000."
    `)
  })

  test('empty values mean the default; web settings are parsed', () => {
    const config = parseConfig({
      LATCH_NETWORKS: '',
      LATCH_API_URL: 'https://api.example/',
      LATCH_REQUIRE_SIGN_IN: 'TRUE',
      LATCH_NAME_SUFFIX: '.Shop.Test',
      LATCH_DEVNET_ALLOWED_HOSTS: 'a.test, b.test,,',
    })
    expect(config).toMatchObject({
      LATCH_NETWORKS: undefined,
      LATCH_API_URL: 'https://api.example',
      LATCH_REQUIRE_SIGN_IN: true,
      LATCH_NAME_SUFFIX: 'shop.test',
      LATCH_DEVNET_ALLOWED_HOSTS: ['a.test', 'b.test'],
    })
  })

  test('origin patterns: the shape by default, a stricter checker when given', () => {
    expect(parseError({ LATCH_ALLOWED_ORIGINS: 'example.com' }).message).toContain(
      '"example.com" is not an origin pattern',
    )
    const strict = () =>
      parseConfig(
        { LATCH_ALLOWED_ORIGINS: 'https://*.co.uk' },
        { checkOriginPattern: () => ({ ok: false, problem: 'too broad' }) },
      )
    expect(strict).toThrow('- LATCH_ALLOWED_ORIGINS[0]: too broad')
  })
})
