import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { balanceResponseSchema } from '@latch/api-contract'
import {
  devnetManifestFixture,
  fixtureProjectId,
  type StartTestAnvilReturnType,
  startTestAnvil,
  writeDevnetManifest,
} from '@latch/test'
import pg from 'pg'
import { createTestClient, type Hex, http } from 'viem'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runProjectsCli } from './cli/projects.ts'
import { createPostgresTestDatabase, testDatabaseUrl } from './db/testing.ts'

const node = path.resolve(import.meta.dirname, '../../../node_modules/.bin/node')
const serverEntry = path.resolve(import.meta.dirname, 'server.ts')
// anvil's first test account, funded with 10000 ETH.
const holder = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
// The devnet's compiled Multicall3, read as data (the API never imports the devnet).
const multicall3Artifact = path.resolve(
  import.meta.dirname,
  '../../devnet/artifacts/Multicall3.json',
)

/** Puts Multicall3 at its canonical address on a bare anvil, as the devnet does. */
async function installMulticall3(rpcUrl: string, address: Hex): Promise<void> {
  const { deployedBytecode } = JSON.parse(await readFile(multicall3Artifact, 'utf8')) as {
    deployedBytecode: Hex
  }
  const client = createTestClient({ chain: foundry, mode: 'anvil', transport: http(rpcUrl) })
  await client.setCode({ address, bytecode: deployedBytecode })
}

type Server = { child: ChildProcess; url: string; output: () => string }

/** Starts `node src/server.ts` and resolves with its URL once it listens. */
function startServer(env: Record<string, string>): Promise<Server> {
  const child = spawn(node, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', () => {
      const url = output.match(/API listening on (http:\/\/\S+)/)?.[1]
      if (url) resolve({ child, url, output: () => output })
    })
    child.once('exit', (code) => reject(new Error(`The API exited (${code}):\n${output}`)))
  })
}

function stopServer(server: Server | undefined): Promise<void> {
  const child = server?.child
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}

// Runs in `npm test`, which starts a PostgreSQL and sets LATCH_TEST_DATABASE_URL.
describe.skipIf(!testDatabaseUrl)(
  'two API processes on one PostgreSQL (skipped without LATCH_TEST_DATABASE_URL)',
  () => {
    let anvil: StartTestAnvilReturnType
    let stateDir: string
    let database: Awaited<ReturnType<typeof createPostgresTestDatabase>>
    let first: Server
    let second: Server

    beforeAll(async () => {
      anvil = await startTestAnvil()
      stateDir = await mkdtemp(path.join(tmpdir(), 'latch-two-apis-'))
      const manifest = devnetManifestFixture(anvil.rpcUrl)
      await installMulticall3(anvil.rpcUrl, manifest.chains[0]?.contracts.multicall3 as Hex)
      await writeDevnetManifest(stateDir, manifest)
      database = await createPostgresTestDatabase()
      const env = { LATCH_STATE_DIR: stateDir, DATABASE_URL: database.url }
      // Started together: both migrate the empty database at once.
      ;[first, second] = await Promise.all([
        startServer({ ...env, LATCH_PROJECT_IDS: 'seeded-by-first' }),
        startServer(env),
      ])
    }, 90_000)

    afterAll(async () => {
      await Promise.all([stopServer(first), stopServer(second)])
      await database?.drop()
      await anvil?.stop()
      if (stateDir) await rm(stateDir, { recursive: true, force: true })
    })

    test('both migrate without racing: each migration is applied once', async () => {
      const client = new pg.Client({ connectionString: database.url })
      await client.connect()
      try {
        const { rows } = await client.query<{ name: string; count: string }>(
          'SELECT name, count(*) FROM latch_migrations GROUP BY name ORDER BY name',
        )
        expect(rows.map((row) => row.name)).toContain('0001_projects.sql')
        expect(rows.every((row) => row.count === '1')).toBe(true)
      } finally {
        await client.end()
      }
      for (const server of [first, second])
        expect(server.output()).not.toMatch(/error|already exists/i)
    })

    test('a project created through one is accepted by the other', async () => {
      const seeded = `/v1/supported-chains?projectId=seeded-by-first`
      expect((await fetch(`${second.url}${seeded}`)).status).toBe(200)

      const out: string[] = []
      const code = await runProjectsCli({
        argv: ['create', '--name', 'Shop', '--origin', 'https://shop.example.com'],
        env: { DATABASE_URL: database.url, LATCH_STATE_DIR: stateDir },
        out: (line) => out.push(line),
        err: () => {},
      })
      expect(code).toBe(0)
      const shopId = out[0]
      for (const server of [first, second]) {
        const call = (origin: string) =>
          fetch(`${server.url}/projects/v1/origins?projectId=${shopId}`, {
            headers: { Origin: origin },
          })
        const allowed = await call('https://shop.example.com')
        expect(allowed.status).toBe(200)
        expect(await allowed.json()).toEqual({ allowedOrigins: ['https://shop.example.com'] })
        expect((await call('https://evil.test')).status).toBe(403)
      }
    })

    test('both answer the same balances', async () => {
      const path = `/v1/account/${holder}/balance?projectId=${fixtureProjectId}&chainId=31337&currency=usd`
      const [a, b] = await Promise.all([
        fetch(`${first.url}${path}`),
        fetch(`${second.url}${path}`),
      ])
      expect([a.status, b.status]).toEqual([200, 200])
      // Icon URLs are built from the host each request reached; the rest must be identical.
      const [bodyA, bodyB] = [
        balanceResponseSchema.parse(JSON.parse((await a.text()).replaceAll(first.url, '<api>'))),
        balanceResponseSchema.parse(JSON.parse((await b.text()).replaceAll(second.url, '<api>'))),
      ]
      expect(bodyA.balances.map((balance) => balance.symbol)).toContain('ETH')
      expect(bodyB).toEqual(bodyA)
    })
  },
)
