import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import type { DevnetManifest } from '@latch/api-contract'
import { assertPortsFree } from '../apps/devnet/src/assertPortsFree.ts'
import { getStackPorts } from '../apps/devnet/src/ports.ts'
import { startRelay } from '../apps/devnet/src/relay/startRelay.ts'
import { startDevnet } from '../apps/devnet/src/startDevnet.ts'

const root = resolve(import.meta.dirname, '..')

export type Stack = {
  manifest: DevnetManifest
  manifestPath: string
  webUrl: string
  apiUrl: string
  /** The embedded wallet's secure site (apps/auth), on its own origin. */
  authUrl: string
  /** The local mailbox page: the mail the API sent (sign-in codes, device links). */
  mailboxUrl: string
  stop(): Promise<void>
}

/**
 * Starts the whole local world: the WalletConnect relay, three anvil chains with their
 * contracts and faucet, the local mailbox (SMTP), the API, the embedded wallet's secure site
 * (apps/auth, built) and the production web build, each on its own port laid out from
 * `portBase`. Used by `npm start` and by the browser tests.
 */
export async function startStack(options: {
  portBase: number
  stateDir: string
  log: (line: string) => void
  /** 'dev' serves the web app from Vite's dev server with hot reload instead of the build. */
  web?: 'production' | 'dev'
}): Promise<Stack> {
  const ports = getStackPorts(options.portBase)
  await assertPortsFree(stackPortLabels(options.portBase))
  const stops: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const s of stops.reverse()) await s().catch(() => {})
  }
  try {
    const relay = await startRelay({ port: ports.relay, log: options.log })
    stops.push(relay.stop)
    const devnet = await startDevnet({
      portBase: options.portBase,
      stateDir: options.stateDir,
      log: options.log,
    })
    stops.push(devnet.stop)

    const apiUrl = `http://127.0.0.1:${ports.api}`
    const webUrl = `http://127.0.0.1:${ports.web}`
    const authUrl = `http://127.0.0.1:${ports.auth}`
    const smtpUrl = devnet.manifest.smtpUrl ?? `smtp://127.0.0.1:${ports.smtp}`
    const mailboxUrl = devnet.manifest.mailboxUrl ?? `http://127.0.0.1:${ports.services}/mailbox`
    // Every service learns the auth site's origin: the API answers /auth/v1 to it alone, the
    // web page may frame it, and the auth site itself listens there.
    const env = { LATCH_STATE_DIR: options.stateDir, LATCH_AUTH_URL: authUrl }
    const api = spawnService(
      'api',
      ['apps/api/src/server.ts'],
      { ...env, PORT: String(ports.api), LATCH_SMTP_URL: smtpUrl },
      options.log,
    )
    stops.push(() => stopChild(api))
    ensureBuild('the embedded wallet frame', 'apps/auth', 'dist/frame.html')
    const auth = spawnService(
      'auth',
      ['apps/auth/src/server/cli.ts'],
      { ...env, PORT: String(ports.auth), LATCH_API_URL: apiUrl },
      options.log,
    )
    stops.push(() => stopChild(auth))
    if (options.web !== 'dev') ensureBuild('the web app', 'apps/web', 'dist/index.html')
    const webEnv = { ...env, PORT: String(ports.web), LATCH_API_URL: apiUrl }
    const web =
      options.web === 'dev'
        ? spawnService(
            'web',
            [
              'node_modules/vite/bin/vite.js',
              'apps/web',
              '--port',
              String(ports.web),
              '--strictPort',
              '--host',
              '127.0.0.1',
            ],
            webEnv,
            options.log,
          )
        : spawnService('web', ['apps/web/src/server/cli.ts'], webEnv, options.log)
    stops.push(() => stopChild(web))
    await Promise.all([
      waitForHttp(`${apiUrl}/health`, api, 'the API'),
      waitForHttp(`${authUrl}/health`, auth, 'the auth site'),
      waitForHttp(`${webUrl}/latch-config.js`, web, 'the web server'),
    ])
    return {
      manifest: devnet.manifest,
      manifestPath: devnet.manifestPath,
      webUrl,
      apiUrl,
      authUrl,
      mailboxUrl,
      stop,
    }
  } catch (error) {
    await stop()
    throw error
  }
}

/** Every port the stack listens on, with what listens there, for one clear "port in use" message. */
export function stackPortLabels(portBase: number): { port: number; label: string }[] {
  const ports = getStackPorts(portBase)
  return [
    { port: ports.web, label: 'Latch web app' },
    { port: ports.api, label: 'Latch API' },
    { port: ports.relay, label: 'WalletConnect relay' },
    { port: ports.services, label: 'devnet faucet, NFT server and mailbox page' },
    ...ports.chains.map((port, i) => ({ port, label: `devnet chain #${i + 1} RPC` })),
    { port: ports.auth, label: 'embedded wallet site (apps/auth)' },
    { port: ports.smtp, label: 'devnet mailbox (SMTP)' },
    { port: ports.farcaster, label: 'devnet Farcaster auth relay' },
    { port: ports.oidc, label: 'devnet OpenID provider (social sign-in)' },
    ...ports.bundlers.map((port, i) => ({ port, label: `devnet chain #${i + 1} bundler (alto)` })),
    { port: ports.bitcoin, label: 'devnet Bitcoin regtest (Esplora REST)' },
    { port: ports.solanaRpc, label: 'devnet Solana RPC' },
    { port: ports.solanaWs, label: 'devnet Solana WebSocket' },
  ]
}

/**
 * The auth site serves the frame's build: build it once when it is missing (a fresh clone
 * running a benchmark); `npm start` and `npm test` rebuild it themselves.
 */
/**
 * Builds `dir` (a Vite app) when its build is missing: a fresh clone's first `bench:api` or
 * browser test run has none (`npm start` builds both apps itself, fresh, before starting).
 */
function ensureBuild(what: string, dir: string, file: string): void {
  if (existsSync(resolve(root, dir, file))) return
  const build = spawnSync(
    process.execPath,
    [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
    { cwd: resolve(root, dir), stdio: 'inherit' },
  )
  if (build.status !== 0) throw new Error(`The build of ${what} failed.`)
}

/** The last lines each service printed, to explain a failed start. */
const outputs = new WeakMap<ChildProcess, string[]>()

function spawnService(
  name: string,
  args: string[],
  env: Record<string, string>,
  log: (line: string) => void,
): ChildProcess {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const recent: string[] = []
  const forward = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue
      log(`[${name}] ${line}`)
      recent.push(line)
      if (recent.length > 20) recent.shift()
    }
  }
  outputs.set(child, recent)
  child.stdout?.on('data', forward)
  child.stderr?.on('data', forward)
  // Killed with this process, and the listener gone once the child exits (a bench starting
  // the stack twice would otherwise pile up exit listeners).
  const killOnExit = () => child.kill('SIGKILL')
  process.once('exit', killOnExit)
  child.once('exit', () => process.off('exit', killOnExit))
  return child
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
  await exited
  clearTimeout(timer)
}

// A service that exits says so at once; one that is slow (a busy two-core machine: the API took
// 27-42 s to start under load) gets this long before the stack gives up.
const serviceStartTimeoutMs = 90_000

async function waitForHttp(url: string, child: ChildProcess, what: string): Promise<void> {
  const deadline = Date.now() + serviceStartTimeoutMs
  let exitCode: number | null = null
  child.once('exit', (code) => {
    exitCode = code ?? 1
  })
  while (Date.now() < deadline) {
    if (exitCode !== null) {
      const output = outputs.get(child)?.join('\n  ') ?? ''
      throw new Error(`${what} exited with code ${exitCode} while starting:\n  ${output}`)
    }
    try {
      const response = await fetch(url)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${what} did not answer at ${url} within ${serviceStartTimeoutMs / 1000} s.`)
}
