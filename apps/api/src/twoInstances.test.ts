import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import {
  balanceResponseSchema,
  createSessionResponseSchema,
  nonceResponseSchema,
  revokeSessionMessage,
  sessionsResponseSchema,
} from '@latch/api-contract'
import {
  devnetManifestFixture,
  fixtureProjectId,
  type StartTestAnvilReturnType,
  startTestAnvil,
  writeDevnetManifest,
} from '@latch/test'
import pg from 'pg'
import { createTestClient, createWalletClient, type Hex, http, parseEther } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { createSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runProjectsCli } from './cli/projects.ts'
import { createDatabase, type Database } from './db/createDatabase.ts'
import { createPostgresTestDatabase, testDatabaseUrl } from './db/testing.ts'
import { createDbProjectStore } from './stores/createDbProjectStore.ts'

const node = path.resolve(import.meta.dirname, '../../../node_modules/.bin/node')
const serverEntry = path.resolve(import.meta.dirname, 'server.ts')
// anvil's first test account, funded with 10000 ETH.
const holder = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
// Its well-known test key, to sign in.
const holderAccount = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const pageOrigin = 'http://localhost:4170'
/** Writes per IP per minute in these processes: low, to see them counted across both. */
const writesPerIp = 10

/** Resolves once `check` answers true, polling every 50 ms; fails after `timeoutMs`. */
async function until(check: () => Promise<boolean>, what: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs
  while (!(await check())) {
    if (Date.now() > deadline)
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}.`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
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
    /** The test's own connection: another process writing, as the CLI does. */
    let writer: Database

    /** A body with the answering server's URL (in icon links) made neutral. */
    const read = async (server: Server, path: string, init?: RequestInit) => {
      const response = await fetch(`${server.url}${path}`, init)
      return {
        status: response.status,
        body: (await response.text()).replaceAll(server.url, '<api>'),
      }
    }

    beforeAll(async () => {
      anvil = await startTestAnvil()
      stateDir = await mkdtemp(path.join(tmpdir(), 'latch-two-apis-'))
      const manifest = devnetManifestFixture(anvil.rpcUrl)
      await installMulticall3(anvil.rpcUrl, manifest.chains[0]?.contracts.multicall3 as Hex)
      await writeDevnetManifest(stateDir, manifest)
      database = await createPostgresTestDatabase()
      const env = {
        LATCH_STATE_DIR: stateDir,
        DATABASE_URL: database.url,
        // The client IP is X-Forwarded-For's last entry, so a test can be its own client.
        LATCH_TRUST_PROXY_HOPS: '1',
        LATCH_RATE_LIMIT_WRITES_PER_IP: String(writesPerIp),
      }
      // Started together: both migrate the empty database at once.
      ;[first, second] = await Promise.all([
        startServer({ ...env, LATCH_PROJECT_IDS: 'seeded-by-first' }),
        startServer(env),
      ])
      writer = await createDatabase({
        databaseUrl: database.url,
        migrate: false,
        maxConnections: 2,
      })
    }, 90_000)

    afterAll(async () => {
      await Promise.all([stopServer(first), stopServer(second)])
      await writer?.close()
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

      // Both now hold the project in their 5 s cache. Its origins change elsewhere (another
      // process's write, as the CLI makes): the NOTIFY makes both enforce the new list within
      // two seconds, well inside the cache's TTL.
      await createDbProjectStore({ db: writer.db }).upsert({
        id: shopId as string,
        name: 'Shop',
        allowedOrigins: ['https://new.shop.example.com'],
      })
      const changedAt = Date.now()
      const status = async (server: Server, origin: string) =>
        (
          await fetch(`${server.url}/projects/v1/origins?projectId=${shopId}`, {
            headers: { Origin: origin },
          })
        ).status
      for (const server of [first, second])
        await until(
          async () =>
            (await status(server, 'https://new.shop.example.com')) === 200 &&
            (await status(server, 'https://shop.example.com')) === 403,
          'both processes to enforce the changed origins',
          2_000 - (Date.now() - changedAt),
        )
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

    test('a balance refreshed on one is answered by the other within 1 s (its kept answer and copies expire)', async () => {
      const account = privateKeyToAccount(generatePrivateKey()).address
      const testClient = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) })
      await testClient.setBalance({ address: account, value: parseEther('1') })
      const path = `/v1/account/${account}/balance?projectId=${fixtureProjectId}&chainId=31337&currency=usd`
      const ether = async (server: Server, query = '') => {
        const response = await fetch(`${server.url}${path}${query}`)
        const body = balanceResponseSchema.parse(await response.json())
        return body.balances[0]?.quantity.numeric
      }
      // Both keep the answer (and the second reads the first's cache entry).
      expect(await ether(first)).toBe('1')
      expect(await ether(second)).toBe('1')
      await testClient.setBalance({ address: account, value: parseEther('2') })
      expect(await ether(second)).toBe('1')

      expect(await ether(first, '&forceUpdate=true')).toBe('2')
      const refreshedAt = Date.now()
      expect(await ether(first)).toBe('2')
      // The second process's answer and its copy of the cache entry live 1 s at most (a little
      // more for the requests themselves on a loaded machine).
      await until(async () => (await ether(second)) === '2', 'the second process to agree', 1_500)
      expect(Date.now() - refreshedAt).toBeLessThanOrEqual(1_500)
    })

    test('both answer the same history and identity', async () => {
      // A payment for the indexer (run by one of the two) to record.
      const wallet = createWalletClient({ chain: foundry, transport: http(anvil.rpcUrl) })
      const hash = await wallet.sendTransaction({
        account: holder,
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        value: parseEther('1'),
      })
      const history = `/v1/account/${holder}/history?projectId=${fixtureProjectId}&chainId=31337`
      await until(
        async () => (await read(first, history)).body.includes(hash),
        'the payment in the history',
        20_000,
      )
      const [a, b] = await Promise.all([read(first, history), read(second, history)])
      expect(a.status).toBe(200)
      expect(b).toEqual(a)

      const identity = `/v1/identity/${holder}?projectId=${fixtureProjectId}&chainId=31337`
      const [idA, idB] = await Promise.all([read(first, identity), read(second, identity)])
      expect(idA.status).toBe(200)
      expect(idB).toEqual(idA)
    })

    test('a session opened on one is listed by the other, and revoked there is gone on the first', async () => {
      const post = (server: Server, path: string, body: unknown) =>
        fetch(`${server.url}${path}?projectId=${fixtureProjectId}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Origin: pageOrigin },
          body: JSON.stringify(body),
        })
      const list = async (server: Server) => {
        const response = await fetch(
          `${server.url}/v1/sessions/${holder}?projectId=${fixtureProjectId}`,
        )
        expect(response.status).toBe(200)
        return sessionsResponseSchema.parse(await response.json()).sessions
      }
      const { nonce } = nonceResponseSchema.parse(
        await (await post(first, '/v1/auth/nonce', {})).json(),
      )
      const message = createSiweMessage({
        address: holder,
        chainId: 31337,
        domain: 'localhost:4170',
        uri: `${pageOrigin}/`,
        version: '1',
        nonce,
        issuedAt: new Date(),
      })
      const signedIn = await post(first, '/v1/sessions', {
        message,
        signature: await holderAccount.signMessage({ message }),
      })
      expect(signedIn.status).toBe(201)
      const { session } = createSessionResponseSchema.parse(await signedIn.json())
      expect(await list(second)).toContainEqual(session)

      const revoked = await post(second, `/v1/sessions/${holder}/revoke`, {
        pci: session.id,
        signature: await holderAccount.signMessage({ message: revokeSessionMessage(session.id) }),
      })
      expect(revoked.status).toBeLessThan(300)
      expect((await list(first)).map((listed) => listed.id)).not.toContain(session.id)
    })

    test('rate limits count the requests both processes answered', async () => {
      const statuses: number[] = []
      for (let i = 0; i < writesPerIp + 6; i++) {
        const server = i % 2 === 0 ? first : second
        const response = await fetch(`${server.url}/v1/auth/nonce?projectId=${fixtureProjectId}`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Origin: pageOrigin,
            'X-Forwarded-For': '203.0.113.7',
          },
          body: '{}',
        })
        statuses.push(response.status)
      }
      // Counted apart, each would have allowed `writesPerIp`: together they allow it once.
      expect(statuses.filter((status) => status === 200)).toHaveLength(writesPerIp)
      expect(statuses.slice(writesPerIp)).toEqual(Array(6).fill(429))
    })

    test('one process holds the indexer lease; the other takes over when it stops', async () => {
      const holderOf = async () => {
        const client = new pg.Client({ connectionString: database.url })
        await client.connect()
        try {
          const { rows } = await client.query<{ holder: string }>(
            'SELECT holder FROM indexer_leases WHERE chain_id = 31337 AND expires_at > now()',
          )
          return rows.map((row) => row.holder)
        } finally {
          await client.end()
        }
      }
      const pidOf = (server: Server) => `:${server.child.pid}:`
      const [leaseHolder] = await holderOf()
      expect(await holderOf()).toHaveLength(1)
      const leader = [first, second].find((server) => leaseHolder?.includes(pidOf(server)))
      const standby = leader === first ? second : first
      expect(leader).toBeDefined()

      await stopServer(leader)
      // The standby asks again every 5 s.
      await until(
        async () => (await holderOf()).some((name) => name.includes(pidOf(standby))),
        'the standby to take the lease',
        15_000,
      )
      expect(await holderOf()).toHaveLength(1)
      const path = `/v1/account/${holder}/balance?projectId=${fixtureProjectId}&chainId=31337&currency=usd`
      expect((await fetch(`${standby.url}${path}`)).status).toBe(200)
    }, 30_000)
  },
)
