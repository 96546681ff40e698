import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { describeConfig } from './describeConfig.ts'
import { EnvFileError, InvalidConfigError } from './errors/config.ts'
import { loadConfig } from './loadConfig.ts'

function rootWithEnvFile(text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'latch-config-'))
  writeFileSync(join(dir, '.env'), text)
  return dir
}

describe('loadConfig', () => {
  test('reads <root>/.env under the environment: the real environment wins', () => {
    const rootDir = rootWithEnvFile('LATCH_APP_NAME="From file"\nLATCH_ACCENT=#112233\n# comment\n')
    const config = loadConfig({ env: { LATCH_ACCENT: '#445566' }, rootDir })
    expect(config.LATCH_APP_NAME).toBe('From file')
    expect(config.LATCH_ACCENT).toBe('#445566')
    expect(loadConfig({ env: {}, rootDir: join(rootDir, 'none') }).LATCH_APP_NAME).toBe('Latch')
  })

  test('LATCH_ENV_FILE names another file; a missing one is an error', () => {
    const rootDir = rootWithEnvFile('LATCH_APP_NAME=Root\n')
    const other = join(rootWithEnvFile(''), 'staging.env')
    writeFileSync(other, 'LATCH_APP_NAME=Staging\n')
    expect(loadConfig({ env: { LATCH_ENV_FILE: other }, rootDir }).LATCH_APP_NAME).toBe('Staging')
    expect(() => loadConfig({ env: { LATCH_ENV_FILE: `${other}.missing` }, rootDir })).toThrow(
      EnvFileError,
    )
  })

  test('a bad or unknown setting in .env fails at start like one in the environment', () => {
    const rootDir = rootWithEnvFile('LATCH_COLOUR=red\nLATCH_PORT_BASE=1\n')
    expect(() => loadConfig({ env: {}, rootDir })).toThrow(InvalidConfigError)
    expect(() => loadConfig({ env: {}, rootDir })).toThrow(
      /- LATCH_COLOUR: Unknown setting\.\n- LATCH_PORT_BASE: Expected a port number/,
    )
  })

  test('overrides win over both', () => {
    const rootDir = rootWithEnvFile('PORT=1000\n')
    expect(loadConfig({ env: { PORT: '2000' }, rootDir, overrides: { PORT: '3000' } }).PORT).toBe(
      3000,
    )
  })
})

describe('describeConfig', () => {
  test('names where each value came from, with secrets masked', () => {
    const rootDir = rootWithEnvFile(
      'DATABASE_URL=postgres://latch:hunter2@db.example:5432/latch\nLATCH_APP_NAME=Shop\n',
    )
    const { rows, issues, envFile } = describeConfig({
      rootDir,
      env: {
        LATCH_NETWORKS: JSON.stringify([
          {
            id: 8453,
            name: 'Base',
            rpcUrl: 'https://base-mainnet.g.alchemy.example/v2/abcdef123456',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ]),
        LATCH_PRICE_FEED_URL:
          'https://feed.example/price?contract_addresses={addresses}&x_cg_pro_api_key=cg-secret',
        LATCH_BOGUS: '1',
        HOME: '/root',
      },
    })
    expect(envFile).toBe(join(rootDir, '.env'))
    const row = (name: string) => rows.find((entry) => entry.name === name)
    expect(row('DATABASE_URL')).toEqual({
      name: 'DATABASE_URL',
      value: 'postgres://latch:***@db.example:5432/latch',
      origin: '.env',
    })
    expect(row('LATCH_APP_NAME')).toMatchObject({ value: 'Shop', origin: '.env' })
    expect(row('LATCH_DB_POOL_SIZE')).toMatchObject({ value: '10', origin: 'default' })
    expect(row('LATCH_RELAY_URL')).toMatchObject({ value: undefined, origin: 'default' })
    expect(row('LATCH_NETWORKS')?.origin).toBe('env')
    expect(row('LATCH_NETWORKS')?.value).toContain(
      '"rpcUrl":"https://base-mainnet.g.alchemy.example/***"',
    )
    expect(row('LATCH_PRICE_FEED_URL')?.value).toBe(
      'https://feed.example/price?contract_addresses={addresses}&x_cg_pro_api_key=***',
    )
    expect(row('HOME')).toBeUndefined()
    const printed = JSON.stringify(rows)
    for (const secret of ['hunter2', 'abcdef123456', 'cg-secret'])
      expect(printed).not.toContain(secret)
    expect(issues).toEqual([
      { variable: 'LATCH_BOGUS', path: 'LATCH_BOGUS', message: 'Unknown setting.' },
    ])
  })
})
