import { type ChildProcess, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { balanceResponseSchema } from '@latch/api-contract'
import { parseLatchWebConfig } from '@latch/core'
import {
  anvilAccounts,
  findFreePort,
  type StartTestAnvilReturnType,
  startTestAnvil,
} from '@latch/test'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { readLatchArtifact } from '../apps/devnet/src/artifacts.ts'
import { multicall3Address } from '../apps/devnet/src/createDevnetClients.ts'
import { readReadmeExample } from './readReadmeExample.ts'

/**
 * README.md's "Pointing Latch at real networks" example, run as written: its variables and
 * its two commands are read from the README itself. Only what cannot work offline changes:
 * the network's rpcUrl points at a local anvil started with the example's (non-devnet) chain
 * id, and each PORT is a free one. The state folder, the .env file and the web build are
 * isolated in a temporary folder so the test touches nothing of the repository.
 */
const root = resolve(import.meta.dirname, '..')

let anvil: StartTestAnvilReturnType
const children: ChildProcess[] = []
const urls: { api: string; web: string } = { api: '', web: '' }
let exampleEnv: { api: Record<string, string>; web: Record<string, string> }

// A first start (PGlite's initdb and every migration) takes about 9 s on an idle 2-core
// machine; beside the other test worker, on a slow machine, several times that.
const startTimeoutMs = 60_000

async function waitFor(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + startTimeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the server exited.\n${output()}`)
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`${url}: no answer within ${startTimeoutMs / 1000} s.\n${output()}`)
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((done) => {
    child.once('exit', () => done())
    child.kill('SIGTERM')
  })
}

beforeAll(async () => {
  const example = readReadmeExample(readFileSync(join(root, 'README.md'), 'utf8'))
  const networks = JSON.parse(example.exported.LATCH_NETWORKS ?? '[]') as {
    id: number
    rpcUrl: string
  }[]
  const chainId = networks[0]?.id
  if (!chainId) throw new Error('The README example sets no network.')
  anvil = await startTestAnvil({ chainId })
  // Multicall3 sits at its canonical address on Base and most chains; a bare anvil lacks it.
  await anvil.rpc('anvil_setCode', [
    multicall3Address,
    readLatchArtifact('Multicall3').deployedBytecode,
  ])

  const work = mkdtempSync(join(tmpdir(), 'latch-readme-example-'))
  const dist = join(work, 'dist')
  mkdirSync(join(dist, 'assets'), { recursive: true })
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Latch</title>')
  writeFileSync(join(work, 'empty.env'), '')
  const isolation = {
    LATCH_STATE_DIR: join(work, 'state'),
    LATCH_ENV_FILE: join(work, 'empty.env'),
    LATCH_WEB_DIST_DIR: dist,
  }
  const offline = {
    LATCH_NETWORKS: JSON.stringify(
      networks.map((network) => ({ ...network, rpcUrl: anvil.rpcUrl })),
    ),
  }
  const [apiCommand, webCommand] = example.commands
  expect(apiCommand?.script).toBe('apps/api/src/server.ts')
  expect(webCommand?.script).toBe('apps/web/src/server/cli.ts')
  const ports = { api: await findFreePort(), web: await findFreePort() }
  exampleEnv = {
    api: { ...example.exported, ...apiCommand?.env },
    web: { ...example.exported, ...webCommand?.env },
  }
  const started = (['api', 'web'] as const).map((name) => {
    const command = name === 'api' ? apiCommand : webCommand
    const env = {
      PATH: process.env.PATH ?? '',
      ...example.exported,
      ...command?.env,
      ...offline,
      ...isolation,
      PORT: String(ports[name]),
    }
    const child = spawn(process.execPath, [command?.script as string], {
      cwd: root,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    children.push(child)
    let output = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    urls[name] = `http://127.0.0.1:${ports[name]}`
    return waitFor(
      name === 'api' ? `${urls.api}/health` : `${urls.web}/latch-config.js`,
      child,
      () => output,
    )
  })
  await Promise.all(started)
}, startTimeoutMs + 30_000)

afterAll(async () => {
  await Promise.all(children.map(stop))
  await anvil?.stop()
})

describe("README's real-network example", () => {
  test('uses a chain id that is not one of the devnet', () => {
    expect([31337, 31338, 31339]).not.toContain(anvil.chainId)
  })

  test('the API answers supported chains and balances on that chain', async () => {
    const projectId = exampleEnv.api.LATCH_PROJECT_IDS?.split(',')[0]
    const chains = await fetch(`${urls.api}/v1/supported-chains?projectId=${projectId}`)
    expect(chains.status).toBe(200)
    expect(JSON.stringify(await chains.json())).toContain(`"eip155:${anvil.chainId}"`)

    const holder = anvilAccounts[0]?.address
    const response = await fetch(
      `${urls.api}/v1/account/${holder}/balance?projectId=${projectId}&chainId=eip155:${anvil.chainId}`,
    )
    expect(response.status).toBe(200)
    const { balances } = balanceResponseSchema.parse(await response.json())
    expect(balances[0]).toMatchObject({
      symbol: 'ETH',
      chainId: `eip155:${anvil.chainId}`,
      quantity: { decimals: '18', numeric: '10000' },
    })
  })

  test('the web server serves its config: the API endpoint as RPC, no node URL', async () => {
    const response = await fetch(`${urls.web}/latch-config.js`)
    expect(response.status).toBe(200)
    const script = await response.text()
    const sandbox: { __LATCH_CONFIG__?: unknown } = {}
    new Function('window', script)(sandbox)
    const config = parseLatchWebConfig(sandbox.__LATCH_CONFIG__)
    const apiUrl = exampleEnv.web.LATCH_API_URL
    const projectId = exampleEnv.web.LATCH_PROJECT_ID
    expect(config).toMatchObject({
      apiUrl,
      projectId,
      relayUrl: exampleEnv.web.LATCH_RELAY_URL,
      networks: [
        {
          id: anvil.chainId,
          caipNetworkId: `eip155:${anvil.chainId}`,
          rpcUrl: `${apiUrl}/v1/?chainId=eip155:${anvil.chainId}&projectId=${projectId}`,
        },
      ],
    })
    expect(config.devnetWallet).toBeUndefined()

    // The page's RPC URL is the API's endpoint: the same path and query on the API started
    // above (the example's LATCH_API_URL is a public name) answers from the node behind it.
    const pageRpc = new URL(config.networks[0]?.rpcUrl as string)
    const answer = await fetch(`${urls.api}${pageRpc.pathname}${pageRpc.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
    })
    expect(await answer.json()).toEqual({
      jsonrpc: '2.0',
      id: 1,
      result: `0x${anvil.chainId.toString(16)}`,
    })
    const csp = (await fetch(`${urls.web}/`)).headers.get('content-security-policy') ?? ''
    expect(csp).toContain(
      `connect-src 'self' ${new URL(apiUrl as string).origin} ${new URL(exampleEnv.web.LATCH_RELAY_URL as string).origin};`,
    )
    for (const text of [script, csp]) expect(text).not.toContain(anvil.rpcUrl)
  })
})
