import { spawnSync } from 'node:child_process'
import { resolve } from 'node:path'
import type { DevnetManifest } from '@latch/api-contract'
import {
  getSocialProviderSettings,
  type LatchConfig,
  listSocialSignIns,
  loadConfig,
} from '@latch/config'
import { assertPortsFree } from '../apps/devnet/src/assertPortsFree.ts'
import { defaultPortBase } from '../apps/devnet/src/ports.ts'
import { stackPortLabels, startStack } from './stack.ts'

/**
 * `npm start`: builds the web app for production and the embedded wallet's frame, starts the
 * local world (chains, contracts, faucet, mailbox, WalletConnect relay, API, auth site, web
 * server) and prints where everything is, then each sign-in code the mailbox receives.
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

if (!dev) build('the web app', 'apps/web')
// The frame is always served from its build (its server sets the CSP and the project's config),
// also with --dev; it is small and builds in about a second.
build('the embedded wallet frame', 'apps/auth')

function build(what: string, dir: string) {
  console.log(`latch: building ${what}...`)
  const result = spawnSync(
    process.execPath,
    [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
    { cwd: resolve(root, dir), stdio: 'inherit' },
  )
  if (result.status !== 0) {
    console.error(`latch: the build of ${what} failed (see above).`)
    process.exit(1)
  }
}

console.log('latch: starting chains, mailbox, relay, API, auth site and web server...')
const startedAt = performance.now()
let stack: Awaited<ReturnType<typeof startStack>>
try {
  stack = await startStack({
    portBase,
    stateDir,
    web: dev ? 'dev' : 'production',
    log: (line) => {
      // The mailbox's codes and links are always shown: they are how one signs in by email.
      if (verbose || line.startsWith('[mailbox] ') || /error|warn|fail/i.test(line))
        console.log(line)
    },
  })
} catch (error) {
  console.error(`latch: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}

const { manifest } = stack
// The social sign-ins served by the local OpenID provider (not those LATCH_SOCIAL_* points elsewhere).
const socialSettings = getSocialProviderSettings(config, manifest)
const localSocials = listSocialSignIns(config, manifest).filter(
  (button) => button !== 'farcaster' && socialSettings[button]?.source === 'devnet',
)
const oidcUrl = manifest.oidc ? new URL(manifest.oidc.providers.google.issuer).origin : undefined
const seconds = ((performance.now() - startedAt) / 1000).toFixed(1)
console.log(`
Latch is running${dev ? ' (web app with hot reload)' : ''} (ready in ${seconds} s). Open ${stack.webUrl}

  Web app        ${stack.webUrl}
  API            ${stack.apiUrl}
  Auth site      ${stack.authUrl}   (the embedded wallet's frame)
  Mailbox        ${stack.mailboxUrl}   (sign-in codes; also printed here)
${oidcUrl && localSocials.length > 0 ? `  Social sign-in ${oidcUrl}   (local OpenID provider: ${localSocials.join(', ')}; test users Ada, Grace, Alan)\n` : ''}  Relay          ${manifest.relayUrl}   (WalletConnect)
${manifest.farcaster ? `  Farcaster      ${manifest.farcaster.relayUrl}   (auth relay; its sign-in links open a test client: ${manifest.farcaster.accounts.map((a) => `@${a.username}`).join(', ')})\n` : ''}  Faucet         ${manifest.faucetUrl}   (or: npm run faucet -- ADDRESS)
  Project id     ${manifest.projectId}
${manifest.chains.map((c) => `  ${c.name.padEnd(20)} ${c.rpcUrl}   chain id ${c.id}`).join('\n')}
${bundlerLines(manifest)}${manifest.bitcoin ? `  ${manifest.bitcoin.name.padEnd(20)} ${manifest.bitcoin.esploraUrl}   ${manifest.bitcoin.caipNetworkId} (Esplora REST; POST /mine, POST /faucet)\n` : ''}${manifest.solana ? `  ${manifest.solana.name.padEnd(20)} ${manifest.solana.rpcUrl}   ${manifest.solana.caipNetworkId} (WebSocket ${manifest.solana.wsUrl}; LUSD mint ${manifest.solana.tokens[0]?.mint})\n` : ''}
  No wallet extension? Pick "Devnet Wallet" in the connect dialog: it holds a funded
  devnet test key (${manifest.demoWallet.address}) and asks before every signature.
  Or sign in with any email address: no mail leaves this machine; the code is printed
  here and listed in the Mailbox.${localSocials.length > 0 ? " Social sign-in opens the local OpenID provider's\n  page: pick a test user there (or Deny); nothing leaves this machine." : ''}
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

/** The ERC-4337 bundlers (one alto per chain) and the ERC-7677 paymaster service, if running. */
function bundlerLines(manifest: DevnetManifest): string {
  const aa = manifest.chains.flatMap((c) => (c.accountAbstraction ? [c.accountAbstraction] : []))
  const [first] = aa
  if (!first) return ''
  return `  Bundlers       ${aa.map((a) => a.bundlerUrl).join('  ')}   (alto, EntryPoint v0.7 ${first.entryPoint}, one per chain)
  Paymaster      ${first.paymasterUrl.replace(/\/\d+$/, '/{chainId}')}   (ERC-7677; sponsors every user operation)
`
}
