import {
  createTestSiwxApi,
  testSiwxApiUrl,
  testSiwxOrigin,
  testSiwxProjectId,
} from '@latch/api/testing/createTestSiwxApi.ts'
import {
  createBitcoinTestWallet,
  createSolanaTestWallet,
  createWalletStandardTestPage,
} from '@latch/test'
import { getWallets } from '@wallet-standard/app'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect } from '../actions/connect.ts'
import { disconnect } from '../actions/disconnect.ts'
import { getSessions } from '../actions/getSessions.ts'
import { getSiweNonce } from '../actions/getSiweNonce.ts'
import { reconnect } from '../actions/reconnect.ts'
import { revokeSession } from '../actions/revokeSession.ts'
import { signIn } from '../actions/signIn.ts'
import { watchWalletStandard } from '../actions/watchWalletStandard.ts'
import { createLatchConfig, type LatchConfig } from '../createLatchConfig.ts'
import { SignatureDeclinedError } from '../errors/signature.ts'
import { SignInFailedError } from '../errors/signIn.ts'
import { createTestStorage } from '../testing/createFakeConnector.ts'
import type { LatchBitcoinNetwork, LatchCaipNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { createSignInFlow } from './createSignInFlow.ts'
import { createSiwxSignInMessage } from './createSiwxSignInMessage.ts'
import { getSignInAccount } from './getSignInAccount.ts'
import { getSignInSession } from './getSignInSession.ts'
import { watchSignOutOnDisconnect } from './watchSignOutOnDisconnect.ts'

const page = createWalletStandardTestPage({ getWallets })
const { solana, regtest, bitcoinTestnet: testnet } = page.networks
const domain = new URL(testSiwxOrigin).host

let api: Awaited<ReturnType<typeof createTestSiwxApi>>
let testnetApi: Awaited<ReturnType<typeof createTestSiwxApi>>
const stops: (() => void)[] = []

beforeAll(async () => {
  // Before the page's window exists: PGlite takes a window for a browser.
  api = await createTestSiwxApi({
    solana: { caipNetworkId: solana.caipNetworkId },
    bitcoin: { caipNetworkId: regtest.caipNetworkId, network: 'regtest' },
  })
  testnetApi = await createTestSiwxApi({
    solana: { caipNetworkId: solana.caipNetworkId },
    bitcoin: { caipNetworkId: testnet.caipNetworkId, network: 'testnet' },
  })
  page.open()
}, 60_000)

afterAll(async () => {
  for (const stop of stops) stop()
  page.unregisterAll()
  await api?.stop()
  await testnetApi?.stop()
})

function createConfig(
  networks: readonly LatchCaipNetwork[],
  storage = createTestStorage(),
  fetchFn = api.fetchFn,
): LatchConfig {
  const config = createLatchConfig({
    networks,
    apiUrl: testSiwxApiUrl,
    projectId: testSiwxProjectId,
    storage,
    fetch: fetchFn,
  })
  stops.push(() => config.destroy())
  return config
}

/** A Solana test wallet registered on the page, connected in a new config. */
async function connectedSolana(name: string) {
  const storage = createTestStorage()
  const config = createConfig([solana], storage)
  const wallet = await createSolanaTestWallet({ name, chains: [solana.caipNetworkId] })
  page.register(wallet.wallet)
  await watchWalletStandard(config)
  await connect(config, { connectorId: `walletStandard.solana.${name}` })
  return { config, storage, wallet }
}

/** The Bitcoin test wallet (regtest keys) on `network`, connected in a new config. */
async function connectedBitcoin(name: string, network: LatchBitcoinNetwork, fetchFn = api.fetchFn) {
  const config = createConfig([network], createTestStorage(), fetchFn)
  const wallet = createBitcoinTestWallet({ name, chains: [`bitcoin:${network.network}`] })
  page.register(wallet.wallet)
  await watchWalletStandard(config)
  await connect(config, { connectorId: `walletStandard.bip122.${name}` })
  return { config, wallet }
}

async function bitcoinMessage(config: LatchConfig, address: string, network: LatchBitcoinNetwork) {
  return createSiwxSignInMessage({
    address,
    caipNetworkId: network.caipNetworkId,
    nonce: await getSiweNonce(config),
    domain,
    uri: testSiwxOrigin,
    appName: 'Latch',
  })
}

describe('Sign In With Solana (CAIP-122) against the real API', () => {
  it('signs in through the flow, lists, survives a reload, revokes one and then its own', async () => {
    const { config, storage, wallet } = await connectedSolana('SIWS One')
    const account = `${solana.caipNetworkId}:${wallet.address}`
    expect(getSignInAccount(config)).toBe(account)

    const flow = createSignInFlow(config, { domain, uri: testSiwxOrigin, appName: 'Latch' })
    await flow.prepare()
    const { message } = flow.getState()
    expect(message?.split('\n').slice(0, 8)).toEqual([
      `${domain} wants you to sign in with your Solana account:`,
      wallet.address,
      '',
      'Sign in to Latch.',
      '',
      `URI: ${testSiwxOrigin}`,
      'Version: 1',
      `Chain ID: ${solana.caipNetworkId}`,
    ])
    await flow.signIn()
    expect(flow.getState()).toMatchObject({ status: 'signedIn', error: undefined })
    const first = flow.getState().session
    expect(first).toMatchObject({
      address: wallet.address,
      chainId: solana.caipNetworkId,
      caipNetworkId: solana.caipNetworkId,
      domain,
    })
    expect(storage.map.size).toBeGreaterThan(0)
    expect(config.storage.getSignInSession(account)?.id).toBe(first?.id)

    // A second sign-in (another tab): two sessions, newest first.
    const second = await signIn(config, {
      message: createSiwxSignInMessage({
        address: wallet.address,
        caipNetworkId: solana.caipNetworkId,
        nonce: await getSiweNonce(config),
        domain,
        uri: testSiwxOrigin,
        appName: 'Latch',
      }),
    })
    const listed = await getSessions(config, { address: account })
    expect(listed.map((session) => session.id)).toEqual([second.id, first?.id])

    // The reload: a new config on the same storage restores the wallet and the session.
    config.destroy()
    const reloaded = createConfig([solana], storage)
    const stop = reconnect(reloaded)
    stops.push(stop)
    await expect.poll(() => reloaded.getState().namespaces.solana?.address).toBe(wallet.address)
    await expect(getSignInSession(reloaded, { address: account })).resolves.toMatchObject({
      id: second.id,
    })

    await expect(revokeSession(reloaded, { id: first?.id ?? '' })).resolves.toEqual({
      current: false,
    })
    expect((await getSessions(reloaded, { address: account })).map((s) => s.id)).toEqual([
      second.id,
    ])
    await expect(revokeSession(reloaded, { id: second.id })).resolves.toEqual({ current: true })
    expect(reloaded.storage.getSignInSession(account)).toBeUndefined()
    await expect(getSessions(reloaded, { address: account })).resolves.toEqual([])
  })

  it('a declined signature opens no session and disconnects; disconnecting signs out', async () => {
    const { config, wallet } = await connectedSolana('SIWS Declines')
    const account = `${solana.caipNetworkId}:${wallet.address}`
    const flow = createSignInFlow(config, { domain, uri: testSiwxOrigin, appName: 'Latch' })
    await flow.prepare()
    wallet.core.rejectNextPrompt()
    await flow.signIn()
    expect(flow.getState().status).toBe('failed')
    expect(flow.getState().error).toBeInstanceOf(SignatureDeclinedError)
    expect(config.getState().namespaces.solana).toBeUndefined()
    expect(config.storage.getSignInSession(account)).toBeUndefined()
    await expect(getSessions(config, { address: account })).resolves.toEqual([])

    // Connected again and signed in; then the Solana wallet alone disconnects.
    await connect(config, { connectorId: 'walletStandard.solana.SIWS Declines' })
    const stop = watchSignOutOnDisconnect(config)
    stops.push(stop)
    const again = createSignInFlow(config, { domain, uri: testSiwxOrigin, appName: 'Latch' })
    await again.prepare()
    await again.signIn()
    expect(config.storage.getSignInSession(account)?.id).toBe(again.getState().session?.id)
    await disconnect(config, { namespace: 'solana' })
    expect(config.storage.getSignInSession(account)).toBeUndefined()
  })

  it('a declined revocation keeps the session', async () => {
    const { config, wallet } = await connectedSolana('SIWS Keeps')
    const account = `${solana.caipNetworkId}:${wallet.address}`
    const flow = createSignInFlow(config, { domain, uri: testSiwxOrigin, appName: 'Latch' })
    await flow.prepare()
    await flow.signIn()
    const id = flow.getState().session?.id ?? ''
    wallet.core.rejectNextPrompt()
    await expect(revokeSession(config, { id })).rejects.toBeInstanceOf(SignatureDeclinedError)
    expect(config.storage.getSignInSession(account)?.id).toBe(id)
    expect((await getSessions(config, { address: account })).map((s) => s.id)).toEqual([id])
  })
})

describe('Sign In With Bitcoin (CAIP-122, BIP-322) against the real API', () => {
  it('signs in with the payment address, lists, revokes', async () => {
    const { config, wallet } = await connectedBitcoin('SIWB One', regtest)
    const account = `${regtest.caipNetworkId}:${wallet.payment}`
    expect(getSignInAccount(config)).toBe(account)
    const message = await bitcoinMessage(config, wallet.payment, regtest)
    expect(message.split('\n')[0]).toBe(`${domain} wants you to sign in with your Bitcoin account:`)
    const session = await signIn(config, { message })
    expect(session).toMatchObject({ address: wallet.payment, chainId: regtest.caipNetworkId })
    await expect(getSignInSession(config, { address: account })).resolves.toEqual(session)
    await expect(revokeSession(config, { id: session.id })).resolves.toEqual({ current: true })
    await expect(getSessions(config, { address: account })).resolves.toEqual([])
  })

  it('a declined signature opens no session', async () => {
    const { config, wallet } = await connectedBitcoin('SIWB Declines', regtest)
    const message = await bitcoinMessage(config, wallet.payment, regtest)
    wallet.core.rejectNextPrompt()
    await expect(signIn(config, { message })).rejects.toBeInstanceOf(SignatureDeclinedError)
    await expect(
      getSessions(config, { address: `${regtest.caipNetworkId}:${wallet.payment}` }),
    ).resolves.toEqual([])
  })

  it("an address of another network is refused in the API's words", async () => {
    // The test wallet's keys are regtest ones. Connecting it on testnet is refused in the same
    // words before any sign-in (bitcoinWalletConnector); a message for testnet signed with a
    // regtest key anyway is the API's to refuse.
    const claimed = createBitcoinTestWallet({
      name: 'SIWB Claims Testnet',
      chains: ['bitcoin:testnet'],
    })
    page.register(claimed.wallet)
    const onTestnet = createConfig([testnet], createTestStorage(), testnetApi.fetchFn)
    await watchWalletStandard(onTestnet)
    await expect(
      connect(onTestnet, { connectorId: 'walletStandard.bip122.SIWB Claims Testnet' }),
    ).rejects.toThrow('This is a Bitcoin regtest address; this network is testnet.')
    const { config, wallet } = await connectedBitcoin('SIWB Regtest', regtest, testnetApi.fetchFn)
    const message = await bitcoinMessage(config, wallet.payment, testnet)
    const failure = await signIn(config, { message }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(SignInFailedError)
    expect((failure as SignInFailedError).details).toBe(
      'This is a Bitcoin regtest address; this network is testnet.',
    )
    expect(config.storage.getSignInSession(`${testnet.caipNetworkId}:${wallet.payment}`)).toBe(
      undefined,
    )
  })
})
