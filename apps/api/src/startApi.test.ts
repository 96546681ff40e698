import { spawn } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { supportedChainsResponseSchema } from '@latch/api-contract'
import {
  completeOidcLogin,
  devnetManifestFixture,
  findFreePort,
  fixtureProjectId,
  startLocalOidcProvider,
  writeDevnetManifest,
} from '@latch/test'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { DatabaseUnavailableError } from './errors/database.ts'
import type { Logger } from './logger.ts'
import { startApi } from './startApi.ts'

const node = path.resolve(import.meta.dirname, '../../../node_modules/.bin/node')
const serverEntry = path.resolve(import.meta.dirname, 'server.ts')

const silentLogger: Logger = { info() {}, warn() {}, error() {} }
const networksEnv = {
  LATCH_PROJECT_IDS: 'test-project',
  LATCH_NETWORKS: JSON.stringify([
    {
      id: 10,
      name: 'OP Mainnet',
      rpcUrl: 'http://127.0.0.1:9',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ]),
}

let stateDir: string
beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'latch-api-'))
})
afterAll(async () => {
  await rm(stateDir, { recursive: true, force: true })
})

// Each test starts a whole API on an embedded PostgreSQL (a new node process in the second
// group): 60 s, as for a hook, when the suite shares two cores with other files starting theirs.
describe('startApi', { timeout: 60_000 }, () => {
  test("under the devnet, social sign-in uses the manifest's local OpenID provider", async () => {
    const port = await findFreePort()
    const apiUrl = `http://127.0.0.1:${port}`
    const oidc = await startLocalOidcProvider({
      port: 0,
      redirectUris: [`${apiUrl}/auth/v1/social/callback`],
    })
    const dir = path.join(stateDir, 'social')
    await writeDevnetManifest(dir, {
      ...devnetManifestFixture('http://127.0.0.1:9'),
      oidc: { providers: oidc.providers },
    })
    const lines: string[] = []
    const api = await startApi({
      port,
      stateDir: dir,
      env: { LATCH_INDEXER: 'off' },
      logger: { info: (line) => void lines.push(line), warn() {}, error() {} },
    })
    try {
      expect(lines).toContain(
        'Social sign-in: google (devnet), github (devnet), apple (devnet), facebook (devnet), x (devnet), discord (devnet).',
      )
      const secret = 'q'.repeat(43)
      const frame = {
        projectId: fixtureProjectId,
        provider: 'discord',
        deviceId: 'd'.repeat(32),
      }
      const post = (route: string, body: unknown) =>
        fetch(`${apiUrl}/auth/v1/social/${route}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:4177' },
          body: JSON.stringify(body),
        })
      const started = await post('start', {
        ...frame,
        flowSecretHash: createHash('sha256').update(secret).digest('hex'),
        appOrigin: 'http://localhost:3000',
        returnUrl: 'http://localhost:3000/',
        mode: 'popup',
      })
      expect(started.status).toBe(200)
      const { uri } = (await started.json()) as { uri: string }
      const back = await completeOidcLogin({ authorizationUrl: uri, choice: 'ada' })
      expect(back.origin).toBe(apiUrl)
      const verified = await post('verify', { ...frame, flowSecret: secret, callback: back.search })
      expect(verified.status).toBe(200)
      expect(((await verified.json()) as { user: unknown }).user).toMatchObject({
        signInMethod: 'discord',
        username: 'ada_lovelace',
      })
    } finally {
      await api.stop()
      await oidc.stop()
    }
  })

  test('serves over HTTP and stops', async () => {
    const api = await startApi({
      port: 0,
      stateDir: path.join(stateDir, 'serves'),
      env: networksEnv,
      logger: silentLogger,
    })
    try {
      expect(api.url).toBe(`http://127.0.0.1:${api.port}`)
      const response = await fetch(`${api.url}/v1/supported-chains?projectId=test-project`)
      const body = supportedChainsResponseSchema.parse(await response.json())
      expect(body.networks.map((network) => network.caipNetworkId)).toEqual(['eip155:10'])
    } finally {
      await api.stop()
    }
    await expect(fetch(`${api.url}/health`)).rejects.toThrow()
  })

  test('a port in use is named', async () => {
    const first = await startApi({
      port: 0,
      stateDir: path.join(stateDir, 'first'),
      env: networksEnv,
      logger: silentLogger,
    })
    try {
      await expect(
        startApi({
          port: first.port,
          stateDir: path.join(stateDir, 'serves'),
          env: networksEnv,
          logger: silentLogger,
        }),
      ).rejects.toThrow(`Port ${first.port} on 127.0.0.1 is already in use.`)
    } finally {
      await first.stop()
    }
  })

  test('a second API on the same PGlite directory is refused, saying what to do', async () => {
    const options = {
      port: 0,
      stateDir: path.join(stateDir, 'serves'),
      env: networksEnv,
      logger: silentLogger,
    }
    const first = await startApi(options)
    try {
      const error = await startApi(options).catch((error: unknown) => error)
      expect(
        String(error)
          .replaceAll(stateDir, '<state>')
          .replace(`process ${process.pid}`, 'process <pid>'),
      ).toMatchInlineSnapshot(`
        "DatabaseInUseError: The database in "<state>/serves/pgdata" is in use by process <pid>.
        Stop the API (npm start) first, or set DATABASE_URL to use PostgreSQL.
        PGlite, the embedded database, can be open in one process at a time."
      `)
    } finally {
      await first.stop()
    }
    // Stopping releases the directory.
    await (await startApi(options)).stop()
  })

  test('an unreachable DATABASE_URL is named without its password', async () => {
    const port = await findFreePort()
    const error = await startApi({
      port: 0,
      stateDir,
      env: { ...networksEnv, DATABASE_URL: `postgresql://latch:s3cret@127.0.0.1:${port}/latch` },
      logger: silentLogger,
    }).catch((error: unknown) => error)
    expect(error).toBeInstanceOf(DatabaseUnavailableError)
    expect((error as DatabaseUnavailableError).shortMessage).toBe(
      `The database at "postgresql://latch:***@127.0.0.1:${port}/latch" could not be opened.`,
    )
    expect(String(error)).not.toContain('s3cret')
  })
})

/** Runs `node src/server.ts` and collects its output until it listens or exits. */
function runServer(env: Record<string, string>) {
  const child = spawn(node, [serverEntry], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk) => {
    output += chunk
  })
  child.stderr.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  const listening = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', () => {
      const match = output.match(/API listening on (http:\/\/\S+)/)
      if (match?.[1]) resolve(match[1])
    })
    exited.then(() => reject(new Error(`server exited:\n${output}`)))
  })
  // Tests that expect an exit never await `listening`.
  listening.catch(() => {})
  return { child, exited, listening, output: () => output }
}

describe('node src/server.ts', { timeout: 60_000 }, () => {
  test('serves the devnet from its manifest and stops on SIGTERM', async () => {
    await writeDevnetManifest(stateDir, devnetManifestFixture('http://127.0.0.1:9'))
    const server = runServer({ PORT: '0', LATCH_STATE_DIR: stateDir })
    try {
      const url = await server.listening
      const response = await fetch(`${url}/v1/supported-chains?projectId=${fixtureProjectId}`)
      expect(response.status).toBe(200)
    } finally {
      server.child.kill('SIGTERM')
    }
    expect(await server.exited).toBe(0)
  })

  test('without networks it exits with a clear message', async () => {
    const emptyDir = path.join(stateDir, 'empty')
    const server = runServer({ PORT: '0', LATCH_STATE_DIR: emptyDir })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain(
      '[api] No networks configured: start the devnet (npm start) or set LATCH_NETWORKS.',
    )
    expect(server.output()).not.toMatch(/\n\s+at /)
  })

  test('a bad environment exits naming the variables', async () => {
    const server = runServer({ PORT: 'x', HOST: '', LATCH_STATE_DIR: stateDir })
    expect(await server.exited).toBe(1)
    expect(server.output()).toContain('Invalid environment variables: PORT.')
  })
})
