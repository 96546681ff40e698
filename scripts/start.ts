import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import { type LatchConfig, loadConfig } from '@latch/config'
import { assertPortsFree } from '../apps/devnet/src/assertPortsFree.ts'
import { defaultPortBase } from '../apps/devnet/src/ports.ts'
import { stackPortLabels, startStack } from './stack.ts'

/**
 * `npm start`: builds the web app for production, starts the local world (chains, contracts,
 * faucet, WalletConnect relay, API, web server) and prints where everything is.
 */
const root = resolve(import.meta.dirname, '..')
const verbose = process.argv.includes('--verbose')
const dev = process.argv.includes('--dev')

// Every setting (the environment over .env) is checked once, here, before anything starts:
// a typo in any LATCH_* variable stops `npm start` with its name and the reason.
let config: LatchConfig
try {
  config = loadConfig()
} catch (error) {
  console.error(`latch: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
const portBase = config.LATCH_PORT_BASE ?? defaultPortBase
const stateDir = config.LATCH_STATE_DIR

// Check the ports before building: a second `npm start` must not rebuild the files the first
// one is serving.
try {
  await assertPortsFree(stackPortLabels(portBase))
} catch (error) {
  console.error(`latch: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

if (!dev) buildWeb()

function buildWeb() {
  console.log('latch: building the web app...')
  const build = spawnSync(
    process.execPath,
    [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
    {
      cwd: resolve(root, 'apps/web'),
      stdio: 'inherit',
    },
  )
  if (build.status !== 0) {
    console.error('latch: the web build failed (see above).')
    process.exit(1)
  }
}

console.log('latch: starting chains, relay, API and web server...')
const startedAt = performance.now()
let stack: Awaited<ReturnType<typeof startStack>>
try {
  stack = await startStack({
    portBase,
    stateDir,
    web: dev ? 'dev' : 'production',
    log: (line) => {
      if (verbose || /error|warn|fail/i.test(line)) console.log(line)
    },
  })
} catch (error) {
  console.error(`latch: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

const { manifest } = stack
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
console.log(`
Latch is running${dev ? ' (web app with hot reload)' : ''} (ready in ${seconds} s). Open ${stack.webUrl}

  Web app        ${stack.webUrl}
  API            ${stack.apiUrl}
  Relay          ${manifest.relayUrl}   (WalletConnect)
  Faucet         ${manifest.faucetUrl}   (or: npm run faucet -- ADDRESS)
  Project id     ${manifest.projectId}
${manifest.chains.map((c) => `  ${c.name.padEnd(20)} ${c.rpcUrl}   chain id ${c.id}`).join('\n')}

  No wallet extension? Pick "Devnet Wallet" in the connect dialog: it holds a funded
  devnet test key (${manifest.demoWallet.address}) and asks before every signature.
  Devnet state: ${stack.manifestPath}
  Press Ctrl-C to stop everything.
`)

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  console.log(`\nlatch: ${signal} received, stopping every process...`)
  await stack.stop()
  process.exit(0)
}
process.on('SIGINT', () => void shutdown('SIGINT'))
process.on('SIGTERM', () => void shutdown('SIGTERM'))
