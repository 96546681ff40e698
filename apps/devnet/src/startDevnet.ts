import { readFile, rm } from 'node:fs/promises'
import type { DevnetManifest } from '@latch/api-contract'
import { privateKeyToAccount } from 'viem/accounts'
import { entryPointV07Address } from './aa/accountAbstractionAddresses.ts'
import { createPaymasterService } from './aa/createPaymasterService.ts'
import { deployAccountAbstraction } from './aa/deployAccountAbstraction.ts'
import { startDevnetBundlers } from './aa/startDevnetBundlers.ts'
import { anvilAccounts } from './accounts.ts'
import { assertPortsFree } from './assertPortsFree.ts'
import { startBitcoin } from './bitcoin/startBitcoin.ts'
import { devnetChains } from './chains.ts'
import { createDevnetClients } from './createDevnetClients.ts'
import { createServicesApp } from './createServicesApp.ts'
import { createTransactionQueue } from './createTransactionQueue.ts'
import { deployDevnetContracts } from './deployDevnetContracts.ts'
import { readDevnetEnv } from './env.ts'
import { DevnetError } from './errors.ts'
import { startFarcaster } from './farcaster/startFarcaster.ts'
import { fund } from './fund.ts'
import { createMailbox } from './mailbox/createMailbox.ts'
import { startMailboxSmtpServer } from './mailbox/startMailboxSmtpServer.ts'
import { readOrCreateOidcClients } from './oidc/readOrCreateOidcClients.ts'
import { startLocalOidcProvider } from './oidc/startLocalOidcProvider.ts'
import { createDevnetOnrampSandbox } from './onramp/createDevnetOnrampSandbox.ts'
import { getStackPorts } from './ports.ts'
import { readOrCreateProjectId } from './readOrCreateProjectId.ts'
import { startSolana } from './solana/startSolana.ts'
import { startAnvil } from './startAnvil.ts'
import { startServicesServer } from './startServicesServer.ts'
import { writeDevnetManifest } from './writeDevnetManifest.ts'

export type StartDevnetParameters = {
  /** First port of the stack (see `getStackPorts`); 4170 by default. */
  portBase?: number
  /** Where `devnet.json` is written; `LATCH_STATE_DIR` or `<repo>/.latch` by default. */
  stateDir?: string
  /** WalletConnect project id for the manifest; `LATCH_PROJECT_ID` or a random one by default. */
  projectId?: string
  /** Progress and child-process output, one line at a time. */
  log?: (line: string) => void
  /**
   * The API's public URL: the local OpenID provider sends people back to its
   * `/auth/v1/social/callback`. `http://127.0.0.1:<the stack's API port>` by default.
   */
  apiUrl?: string
  /**
   * Starts an ERC-4337 bundler (alto) per chain and lists ERC-4337 in the manifest
   * (`chains[i].accountAbstraction`); true by default. The contracts and the paymaster service
   * are there either way; without bundlers the devnet is up about 3 s sooner.
   */
  bundlers?: boolean
  /**
   * Starts the local Bitcoin regtest chain (blocks, UTXO set, mempool, Esplora REST, funded test
   * keys) and lists it in the manifest (`bitcoin`); true by default.
   */
  bitcoin?: boolean
  /**
   * Starts the local Solana chain (LiteSVM behind Solana's JSON-RPC and PubSub, the LUSD mint,
   * funded test keys) and lists it in the manifest (`solana`); true by default.
   */
  solana?: boolean
}

export type StartDevnetReturnType = {
  manifest: DevnetManifest
  manifestPath: string
  /** Closes the services server, ends the anvils and removes the manifest. Safe to call twice. */
  stop: () => Promise<void>
}

/**
 * Starts the local chains (three anvils), deploys the tokens, Uniswap V2 pools, the lantern
 * collection and Multicall3 on each, funds anvil's accounts, serves the faucet, NFT metadata and
 * the local mailbox (SMTP on the stack's smtp port, listed at `/mailbox`), the Farcaster auth
 * relay and the local OpenID provider (social sign-in, on the oidc port), and writes the manifest
 * that the API, the web app and the tests read.
 */
export async function startDevnet(
  parameters: StartDevnetParameters = {},
): Promise<StartDevnetReturnType> {
  const started = performance.now()
  const log = parameters.log ?? (() => {})
  const env = readDevnetEnv()
  const stateDir = parameters.stateDir ?? env.stateDir
  const projectId = parameters.projectId ?? env.projectId ?? (await readOrCreateProjectId(stateDir))
  if (!/^[0-9a-f]{32}$/.test(projectId)) {
    throw new DevnetError(`Invalid project id "${projectId}": expected 32 lowercase hex digits.`)
  }
  const ports = getStackPorts(parameters.portBase)
  await assertPortsFree([
    ...devnetChains.map((chain, index) => ({
      port: ports.chains[index] as number,
      label: `${chain.name} RPC`,
    })),
    { port: ports.services, label: 'Latch Devnet services' },
    { port: ports.smtp, label: 'Latch Devnet mailbox (SMTP)' },
    { port: ports.farcaster, label: 'Latch Devnet Farcaster relay' },
    { port: ports.oidc, label: 'Latch Devnet OpenID provider' },
    ...(parameters.bundlers === false
      ? []
      : ports.bundlers.map((port, index) => ({
          port,
          label: `${devnetChains[index]?.name} bundler (alto)`,
        }))),
    ...(parameters.bitcoin === false
      ? []
      : [{ port: ports.bitcoin, label: 'Latch Devnet Bitcoin (Esplora REST)' }]),
  ])

  const cleanups: (() => Promise<void>)[] = []
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup().catch(() => {})
  }

  try {
    const anvils = await Promise.allSettled(
      devnetChains.map((chain, index) =>
        startAnvil({ chainId: chain.id, port: ports.chains[index] as number, log }),
      ),
    )
    for (const anvil of anvils) if (anvil.status === 'fulfilled') cleanups.push(anvil.value.stop)
    const failed = anvils.find((anvil) => anvil.status === 'rejected')
    if (failed) throw failed.reason
    log(`devnet: ${devnetChains.length} anvils up in ${elapsed(started)} ms`)

    // One owner for every chain. On each chain its transactions go out one at a time, through a
    // queue that the faucet then keeps using; the chains deploy in parallel.
    const owner = privateKeyToAccount((anvilAccounts[0] as (typeof anvilAccounts)[0]).privateKey)
    const servicesUrl = `http://127.0.0.1:${ports.services}`
    const demoWallet = anvilAccounts[9] as (typeof anvilAccounts)[0]
    const chains = await Promise.all(
      devnetChains.map(async (devnetChain, index) => {
        const rpcUrl = `http://127.0.0.1:${ports.chains[index]}`
        const clients = createDevnetClients({
          chainId: devnetChain.id,
          name: devnetChain.name,
          rpcUrl,
          account: owner,
        })
        const transactions = createTransactionQueue(clients)
        const chain = await deployDevnetContracts({
          clients,
          transactions,
          rpcUrl,
          nftBaseUri: `${servicesUrl}/nft/${devnetChain.id}/`,
          fundedAccounts: anvilAccounts.map((account) => account.address),
          demoWallet: demoWallet.address,
        })
        // ERC-4337 v0.7 (issue 15): the verifying paymaster's signer is anvil key 4.
        const accountAbstraction = await deployAccountAbstraction({
          clients,
          transactions,
          paymasterSigner: (anvilAccounts[4] as (typeof anvilAccounts)[0]).address,
        })
        return { chain, clients, transactions, accountAbstraction }
      }),
    )
    log(`devnet: contracts deployed in ${elapsed(started)} ms`)
    // One alto per chain (executor: anvil key 8), starting while the other services do.
    const bundlers =
      parameters.bundlers === false
        ? undefined
        : startDevnetBundlers({
            chains: chains.map(({ chain }, index) => ({
              chainId: chain.id,
              rpcUrl: chain.rpcUrl,
              port: ports.bundlers[index] as number,
            })),
            entryPoint: entryPointV07Address,
            executorPrivateKey: (anvilAccounts[8] as (typeof anvilAccounts)[0]).privateKey,
            stateDir,
            allowedOrigins: env.allowedOrigins,
            allowedHosts: env.allowedHosts,
            log,
          })
    cleanups.push(async () => (await bundlers?.catch(() => undefined))?.stop())

    // The mailbox: the API mails its sign-in codes here over SMTP, as it would to a provider.
    const mailbox = createMailbox({ log })
    const smtp = await startMailboxSmtpServer({ mailbox, port: ports.smtp, log })
    cleanups.push(smtp.stop)
    // The on-ramp sandbox (issue 14): pays purchases out through the faucet.
    const onramp = createDevnetOnrampSandbox({
      chains: chains.map(({ chain }) => chain),
      fund: (request) => fund({ chains }, request),
      servicesUrl,
      webUrl: `http://127.0.0.1:${ports.web}/`,
      log,
    })
    const app = createServicesApp({
      chains: chains.map(({ chain }) => chain),
      fund: (request) => fund({ chains }, request),
      onramp: onramp.app,
      paymaster: createPaymasterService({
        chains: chains.map(({ chain, accountAbstraction }) => ({
          chainId: chain.id,
          rpcUrl: chain.rpcUrl,
          entryPoint: accountAbstraction.entryPoint,
          paymaster: accountAbstraction.paymaster,
        })),
        signerPrivateKey: (anvilAccounts[4] as (typeof anvilAccounts)[0]).privateKey,
      }),
      log,
      allowedOrigins: env.allowedOrigins,
      allowedHosts: env.allowedHosts,
      mailbox,
    })
    const server = await startServicesServer(app, ports.services)
    cleanups.push(server.close)
    // Sign In With Farcaster: the IdRegistry on the first chain, the local auth relay.
    const [first] = chains as [(typeof chains)[number]]
    const farcaster = await startFarcaster({
      chainId: first.chain.id,
      transactions: first.transactions,
      port: ports.farcaster,
      stateDir,
      log,
    })
    cleanups.push(farcaster.stop)
    // Social sign-in: one local issuer per provider, its client secrets kept in the state dir.
    const apiUrl = parameters.apiUrl ?? `http://127.0.0.1:${ports.api}`
    const oidc = await startLocalOidcProvider({
      port: ports.oidc,
      redirectUris: [`${apiUrl}/auth/v1/social/callback`],
      clients: await readOrCreateOidcClients(stateDir),
      log,
    })
    cleanups.push(oidc.stop)
    const bundlerUrls = (await bundlers)?.urls
    // The local Bitcoin regtest chain (issue 16): fresh at every start; only its keys persist.
    const bitcoin =
      parameters.bitcoin === false
        ? undefined
        : await startBitcoin({
            port: ports.bitcoin,
            stateDir,
            allowedOrigins: env.allowedOrigins,
            allowedHosts: env.allowedHosts,
            log,
          })
    if (bitcoin) cleanups.push(bitcoin.stop)
    // The local Solana chain (issue 16): fresh at every start; only its keys persist.
    const solana =
      parameters.solana === false
        ? undefined
        : await startSolana({
            rpcPort: ports.solanaRpc,
            wsPort: ports.solanaWs,
            stateDir,
            allowedOrigins: env.allowedOrigins,
            allowedHosts: env.allowedHosts,
            log,
          })
    if (solana) cleanups.push(solana.stop)

    const manifest: DevnetManifest = {
      version: 1,
      startedAt: new Date().toISOString(),
      projectId,
      relayUrl: `ws://127.0.0.1:${ports.relay}`,
      faucetUrl: `${servicesUrl}/fund`,
      mailboxUrl: `${servicesUrl}/mailbox`,
      smtpUrl: smtp.url,
      chains: chains.map(({ chain, accountAbstraction }, index) =>
        bundlerUrls
          ? {
              ...chain,
              accountAbstraction: {
                entryPoint: accountAbstraction.entryPoint,
                simpleAccountFactory: accountAbstraction.simpleAccountFactory,
                paymaster: accountAbstraction.paymaster,
                simple7702Account: accountAbstraction.simple7702Account,
                bundlerUrl: bundlerUrls[index] as string,
                paymasterUrl: `${servicesUrl}/paymaster/${chain.id}`,
              },
            }
          : chain,
      ),
      farcaster: farcaster.manifest,
      oidc: { providers: oidc.providers },
      onramp: onramp.manifest,
      ...(bitcoin ? { bitcoin: bitcoin.manifest } : {}),
      ...(solana ? { solana: solana.manifest } : {}),
      accounts: anvilAccounts.map(({ address, privateKey }) => ({ address, privateKey })),
      demoWallet: { address: demoWallet.address, privateKey: demoWallet.privateKey },
    }
    const manifestPath = await writeDevnetManifest(stateDir, manifest)
    cleanups.push(async () => {
      // Leave the file alone if another devnet has replaced it since.
      const current = await readFile(manifestPath, 'utf8').catch(() => '')
      if (current.includes(`"startedAt": "${manifest.startedAt}"`)) await rm(manifestPath)
    })
    log(`devnet: ready in ${elapsed(started)} ms, manifest at ${manifestPath}`)
    return { manifest, manifestPath, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

function elapsed(since: number): number {
  return Math.round(performance.now() - since)
}
