import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { devnetManifestFixture, fixtureProjectId, writeDevnetManifest } from '@latch/test'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { parseEnv } from './env.ts'
import { loadConfig } from './loadConfig.ts'

let stateDir: string
beforeEach(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'latch-api-'))
})
afterEach(async () => {
  await rm(stateDir, { recursive: true, force: true })
})

test('without LATCH_NETWORKS or a devnet manifest, it says what to do', async () => {
  await expect(loadConfig(parseEnv({}, { LATCH_STATE_DIR: stateDir }))).rejects.toThrow(
    'No networks configured: start the devnet (npm start) or set LATCH_NETWORKS.',
  )
})

test('the devnet manifest gives the networks and the default project', async () => {
  await writeDevnetManifest(stateDir, devnetManifestFixture('http://127.0.0.1:4174'))
  const config = await loadConfig(
    parseEnv({}, { LATCH_STATE_DIR: stateDir, LATCH_PROJECT_IDS: 'extra' }),
  )
  expect(config.source).toBe('devnet')
  expect(config.projects).toEqual([
    {
      id: fixtureProjectId,
      name: 'Latch devnet',
      allowedOrigins: ['http://localhost:*', 'http://127.0.0.1:*', 'http://[::1]:*'],
      keepExisting: false,
    },
    { id: 'extra', name: 'Configured', keepExisting: true },
  ])
  expect(config.networks).toHaveLength(1)
  expect(config.networks[0]).toMatchObject({
    id: 31337,
    rpcUrl: 'http://127.0.0.1:4174',
    // The native coin is priced like WETH; addresses come out checksummed.
    nativePriceUsd: 3000,
    multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
    testnet: true,
  })
  expect(config.networks[0]?.tokens.map((token) => token.address)).toMatchInlineSnapshot(`
    [
      "0x00000000000000000000000000000000000000e1",
      "0x00000000000000000000000000000000000000E2",
    ]
  `)
})

test('a broken manifest is reported, not ignored', async () => {
  await writeFile(path.join(stateDir, 'devnet.json'), '{"version":1}')
  await expect(loadConfig(parseEnv({}, { LATCH_STATE_DIR: stateDir }))).rejects.toThrow(
    `The devnet manifest at "${path.join(stateDir, 'devnet.json')}" is invalid.`,
  )
})

test('LATCH_NETWORKS replaces the devnet', async () => {
  const config = await loadConfig(
    parseEnv(
      {},
      {
        LATCH_STATE_DIR: stateDir,
        LATCH_PROJECT_IDS: 'prod',
        LATCH_NETWORKS: JSON.stringify([
          {
            id: 10,
            name: 'OP Mainnet',
            rpcUrl: 'https://rpc.example.com',
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ]),
      },
    ),
  )
  expect(config.source).toBe('LATCH_NETWORKS')
  expect(config.projects).toEqual([{ id: 'prod', name: 'Configured', keepExisting: true }])
  expect(config.networks[0]).toMatchObject({ id: 10, testnet: false, tokens: [] })
})
