import { rpcEndpointUrl } from '@latch/api-contract'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { connect } from '../actions/connect.ts'
import { disconnect } from '../actions/disconnect.ts'
import { reconnect } from '../actions/reconnect.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { UserRejectedRequestError } from '../errors/connector.ts'
import { createSignInFlow } from '../siwe/createSignInFlow.ts'
import { storageKeys } from '../storage/createLatchStorage.ts'
import { createTestStorage, testAddress } from '../testing/createFakeConnector.ts'
import { createFakeLatchApi, testPrivateKey } from '../testing/createFakeLatchApi.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import {
  createFakeWalletConnectSdk,
  type FakeCacao,
  type FakeSession,
  formatFakeAuthMessage,
} from '../testing/createFakeWalletConnectSdk.ts'
import type { FetchLike } from '../types.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { walletConnect } from './walletConnect.ts'
import { getWalletConnectNamespace, walletConnectMethods } from './walletConnectNamespace.ts'

/** A network as the page's configuration gives it: its RPC is the API's endpoint, not a node. */
const network = (id: number): LatchNetwork => ({
  id,
  name: `Chain ${id}`,
  caipNetworkId: `eip155:${id}`,
  rpcUrl: rpcEndpointUrl({ apiUrl: 'http://api.test', chainId: id, projectId: 'p'.repeat(32) }),
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
})
const networks = [network(31337), network(31339), network(31340)]
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

const session = (chains: number[], accounts = [testAddress]): FakeSession => ({
  topic: 'session-topic',
  expiry: 1_900_000_000,
  namespaces: {
    eip155: {
      chains: chains.map((id) => `eip155:${id}`),
      accounts: chains.flatMap((id) => accounts.map((a) => `eip155:${id}:${a.toLowerCase()}`)),
      methods: ['personal_sign', 'eth_sendTransaction'],
      events: ['chainChanged', 'accountsChanged'],
    },
  },
  peer: {
    publicKey: 'key',
    metadata: {
      name: 'Test Wallet',
      description: 'A wallet',
      url: 'https://wallet.test',
      icons: ['https://wallet.test/icon.png'],
    },
  },
})

function setup(
  options: Parameters<typeof createFakeWalletConnectSdk>[0] = {},
  configOptions: { fetch?: FetchLike } = {},
) {
  const sdk = createFakeWalletConnectSdk(options)
  const clock = createFakeScheduler()
  const storage = createTestStorage()
  const connector = walletConnect({
    projectId: 'p'.repeat(32),
    relayUrl: 'ws://127.0.0.1:4172',
    networks,
    metadata: { name: 'Latch', description: 'Latch', url: 'http://localhost', icons: [] },
    load: sdk.load,
    scheduler: clock.scheduler,
  })
  const config = createLatchConfig({
    networks,
    apiUrl: 'http://api',
    projectId: 'p',
    connectors: [connector],
    storage,
    fetch: configOptions.fetch,
    options: { appName: 'Latch' },
  })
  return { sdk, clock, storage, connector, config }
}

/** Connects through the fake wallet; resolves once connected. */
async function connectWallet(env: ReturnType<typeof setup>, approved = session([31337, 31339])) {
  const proposals = env.sdk.log.connectParams.length
  const attempt = connect(env.config, { connectorId: 'walletConnect' })
  // The connector's work and the SDK load on first use: wait for the proposal.
  await vi.waitFor(() => expect(env.sdk.log.connectParams).toHaveLength(proposals + 1))
  env.sdk.approve(approved)
  await attempt
}

describe('walletConnect', () => {
  it('loads the SDK only when connecting or restoring', async () => {
    const env = setup()
    expect(env.sdk.loads()).toBe(0)
    expect(env.connector.getSession?.()).toBeUndefined()
    reconnect(env.config) // nothing stored: WalletConnect is not touched
    await tick()
    expect(env.sdk.loads()).toBe(0)
  })

  it('sets the relay and project id, telemetry off, and neutralises Verify', async () => {
    const env = setup()
    await connectWallet(env)
    expect(env.sdk.log.coreOptions).toEqual([
      {
        projectId: 'p'.repeat(32),
        relayUrl: 'ws://127.0.0.1:4172',
        customStoragePrefix: 'latch',
        telemetryEnabled: false,
        logger: 'error',
      },
    ])
    expect(env.sdk.log.initOptions[0]).toMatchObject({ telemetryEnabled: false })
    const core = env.sdk.provider()?.core
    await expect(core?.verify.register()).resolves.toBeUndefined()
    await expect(core?.verify.resolve()).resolves.toEqual({ origin: '' })
  })

  it("proposes every configured chain with its RPC (the API's endpoint), so unapproved methods go to the chain", async () => {
    const env = setup()
    await connectWallet(env)
    expect(env.sdk.log.connectParams).toEqual([
      {
        optionalNamespaces: {
          eip155: {
            chains: ['eip155:31337', 'eip155:31339', 'eip155:31340'],
            methods: [
              'eth_sendTransaction',
              'personal_sign',
              'eth_signTypedData_v4',
              'wallet_switchEthereumChain',
              'wallet_addEthereumChain',
              'wallet_getCapabilities',
              'wallet_sendCalls',
              'wallet_getCallsStatus',
              'wallet_showCallsStatus',
              'wallet_getAssets',
            ],
            events: ['chainChanged', 'accountsChanged'],
            rpcMap: {
              '31337': `http://api.test/v1/?chainId=eip155:31337&projectId=${'p'.repeat(32)}`,
              '31339': `http://api.test/v1/?chainId=eip155:31339&projectId=${'p'.repeat(32)}`,
              '31340': `http://api.test/v1/?chainId=eip155:31340&projectId=${'p'.repeat(32)}`,
            },
          },
        },
      },
    ])
    expect(getWalletConnectNamespace(networks, 31340).chains[0]).toBe('eip155:31340')
  })

  it('shows the pairing URI, then connects on the preferred chain when approved', async () => {
    const env = setup()
    env.storage.setItem(storageKeys.activeCaipNetworkId, '"eip155:31339"')
    const attempt = connect(env.config, { connectorId: 'walletConnect' })
    await vi.waitFor(() =>
      expect(env.config.getState()).toMatchObject({
        status: 'connecting',
        pairingUri: 'wc:topic1@2?relay-protocol=irn',
      }),
    )
    env.sdk.approve(session([31337, 31339]))
    await expect(attempt).resolves.toEqual({ accounts: [testAddress], chainId: 31339 })
    expect(env.config.getState()).toMatchObject({ status: 'connected', chainId: 31339 })
    expect(env.storage.map.get(storageKeys.connectedConnectorIds)).toBe(
      '{"eip155":"walletConnect"}',
    )
  })

  it('exposes the session for the UI', async () => {
    const env = setup()
    await connectWallet(env)
    expect(env.connector.getSession?.()).toEqual({
      topic: 'session-topic',
      expiry: 1_900_000_000,
      namespaces: session([31337, 31339]).namespaces,
      peer: {
        name: 'Test Wallet',
        icons: ['https://wallet.test/icon.png'],
        url: 'https://wallet.test',
      },
    })
  })

  it('ends the connection when the wallet deletes the session', async () => {
    const env = setup()
    await connectWallet(env)
    const provider = env.sdk.provider()
    provider?.events.emit('session_delete', { id: 1, topic: 'session-topic' })
    provider?.events.emit('disconnect', { code: 6000, message: 'User disconnected.' })
    expect(env.config.getState().status).toBe('disconnected')
    expect(env.storage.map.has(storageKeys.connectedConnectorIds)).toBe(false)
  })

  it('ends the connection when the provider alone reports a disconnect', async () => {
    const env = setup()
    await connectWallet(env)
    env.sdk.provider()?.events.emit('disconnect', { code: 6000, message: 'User disconnected.' })
    expect(env.config.getState().status).toBe('disconnected')
  })

  it('ends the connection when the session expires', async () => {
    const env = setup()
    await connectWallet(env)
    const provider = env.sdk.provider()
    provider?.clientEvents.emit('session_expire', { topic: 'another-topic' })
    expect(env.config.getState().status).toBe('connected')
    provider?.clientEvents.emit('session_expire', { topic: 'session-topic' })
    expect(env.config.getState().status).toBe('disconnected')
    expect(env.storage.map.has(storageKeys.connectedConnectorIds)).toBe(false)
    expect(env.connector.getSession?.()).toBeUndefined()
  })

  it('follows chainChanged from the session and re-reads accounts on session_update', async () => {
    const env = setup()
    await connectWallet(env)
    const provider = env.sdk.provider()
    provider?.events.emit('chainChanged', '31339')
    expect(env.config.getState().chainId).toBe(31339)
    if (provider) {
      provider.setDefaultChain('eip155:31339')
      provider.session = session([31337, 31339], [other])
    }
    provider?.events.emit('session_update', { topic: 'session-topic', params: {} })
    await tick()
    expect(env.config.getState().address).toBe(other)
  })

  it('restores a stored session on reload without a QR code', async () => {
    const env = setup({ storedSession: session([31340]) })
    env.storage.setItem(storageKeys.connectedConnectorIds, '{"eip155":"walletConnect"}')
    await expect(env.connector.isAuthorized()).resolves.toBe(true)
    reconnect(env.config)
    expect(env.config.getState().status).toBe('reconnecting')
    await tick()
    await tick()
    expect(env.config.getState()).toMatchObject({
      status: 'connected',
      address: testAddress,
      chainId: 31340,
    })
    expect(env.sdk.log.connectParams).toEqual([])
  })

  it('is not authorized without a stored session', async () => {
    const env = setup()
    await expect(env.connector.isAuthorized()).resolves.toBe(false)
  })

  it('disconnects the session, or forgets it locally when the relay cannot tell the wallet', async () => {
    const env = setup()
    await connectWallet(env)
    await disconnect(env.config)
    expect(env.connector.getSession?.()).toBeUndefined()

    await connectWallet(env)
    env.sdk.failDisconnect(new Error('Publish timed out.'))
    await expect(disconnect(env.config)).rejects.toMatchObject({
      name: 'DisconnectFailedError',
      shortMessage: 'Failed to disconnect.',
    })
    expect(env.sdk.deletedTopics).toEqual(['session-topic'])
    expect(env.connector.getSession?.()).toBeUndefined()
    expect(env.config.getState()).toMatchObject({
      status: 'disconnected',
      error: { name: 'DisconnectFailedError' },
    })
    await expect(env.connector.isAuthorized()).resolves.toBe(false)
  })
})

describe('walletConnect with the relay down', () => {
  it('rejects with RelayUnavailableError after 5 s instead of hanging', async () => {
    const env = setup({ relayUp: false })
    const attempt = connect(env.config, { connectorId: 'walletConnect' })
    const outcome = attempt.catch((error: unknown) => error)
    // The relay deadline starts once the connector's work and the SDK are loaded.
    await vi.waitFor(() => expect(env.clock.pending()).toBe(1))
    env.clock.advance(4999)
    await tick()
    expect(env.config.getState().status).toBe('connecting')
    env.clock.advance(1)
    expect(await outcome).toMatchInlineSnapshot(`
      [RelayUnavailableError: The WalletConnect relay is unavailable.

      Details: No connection to the relay within 5000 ms.]
    `)
    expect(env.config.getState()).toMatchObject({
      status: 'disconnected',
      error: { name: 'RelayUnavailableError' },
    })
  })

  it('keeps waiting when the relay is up but slow to answer', async () => {
    const env = setup({ relayUp: false })
    const attempt = connect(env.config, { connectorId: 'walletConnect' })
    await vi.waitFor(() => expect(env.sdk.provider()).toBeDefined())
    const provider = env.sdk.provider()
    if (provider) provider.core.relayer.connected = true
    env.clock.advance(10_000)
    await tick()
    expect(env.config.getState().status).toBe('connecting')
    void attempt.catch(() => {})
  })

  it('works again once the relay is back', async () => {
    const env = setup({ relayUp: false })
    const first = connect(env.config, { connectorId: 'walletConnect' }).catch((e: unknown) => e)
    await vi.waitFor(() => expect(env.clock.pending()).toBe(1))
    env.clock.advance(5000)
    expect(await first).toMatchObject({ name: 'RelayUnavailableError' })
    env.sdk.setRelayUp(true)
    await connectWallet(env)
    expect(env.config.getState().status).toBe('connected')
    expect(env.clock.pending()).toBe(0)
  })
})

describe('walletConnect with the real SDK', () => {
  it('rejects with RelayUnavailableError when the relay port is closed', async () => {
    const connector = walletConnect({
      projectId: 'a'.repeat(32),
      // Port 1 (tcpmux) is closed on any machine these tests run on.
      relayUrl: 'ws://127.0.0.1:1',
      networks,
      metadata: { name: 'Latch', description: 'Latch', url: 'http://localhost', icons: [] },
      storagePrefix: 'latch-relay-down-test',
      relayTimeoutMs: 1000,
    })
    await expect(connector.connect()).rejects.toMatchObject({
      name: 'RelayUnavailableError',
      details: 'No connection to the relay within 1000 ms.',
    })
  })
})

describe('walletConnect one-click auth (wc_sessionAuthenticate)', () => {
  const page = { domain: 'app.test', uri: 'https://app.test' }

  /** Starts connecting with a sign-in and waits for the request the wallet receives. */
  async function startSignIn() {
    const api = createFakeLatchApi()
    const env = setup({}, { fetch: api.fetch })
    const attempt = connect(env.config, { connectorId: 'walletConnect', signIn: page })
    await vi.waitFor(() => expect(env.sdk.log.authenticateParams).toHaveLength(1))
    const params = env.sdk.log.authenticateParams[0] as Record<string, string>
    return { api, env, attempt, params }
  }

  /** The CACAO a wallet answers `params` with, signed by anvil's first key on chain 31337. */
  async function signCacao(params: Record<string, string>): Promise<FakeCacao> {
    const account = privateKeyToAccount(testPrivateKey)
    const p = {
      iss: `did:pkh:eip155:31337:${account.address}`,
      domain: String(params.domain),
      aud: String(params.uri),
      version: '1',
      nonce: String(params.nonce),
      iat: new Date().toISOString(),
      exp: params.exp,
      statement: params.statement,
    }
    const signature = await account.signMessage({ message: formatFakeAuthMessage(p) })
    return { h: { t: 'caip122' }, p, s: { t: 'eip191', s: signature } }
  }

  it('asks the wallet to sign in with the API nonce, the page and the RPC URLs', async () => {
    const { env, params } = await startSignIn()
    expect(env.sdk.log.connectParams).toEqual([])
    expect(params).toMatchObject({
      chains: ['eip155:31337', 'eip155:31339', 'eip155:31340'],
      methods: [...walletConnectMethods],
      domain: 'app.test',
      uri: 'https://app.test',
      nonce: 'nonce00000001',
      statement: 'Sign in to Latch.',
      optionalNamespaces: { eip155: getWalletConnectNamespace(networks, 31337) },
    })
    const expiresIn = Date.parse(String(params.exp)) - Date.now()
    expect(expiresIn).toBeGreaterThan(23.9 * 3600_000)
    expect(expiresIn).toBeLessThanOrEqual(24 * 3600_000)
    expect(env.config.getState().pairingUri).toBe('wc:auth1@2?methods=auth')
  })

  it('one approval: the signed message goes to the API without asking the wallet again', async () => {
    const { api, env, attempt, params } = await startSignIn()
    const cacao = await signCacao(params)
    env.sdk.approveAuthenticate({ session: session([31337, 31339]), auths: [cacao] })
    const message = formatFakeAuthMessage(cacao.p)
    await expect(attempt).resolves.toMatchObject({
      accounts: [testAddress],
      signIn: { message, signature: cacao.s.s },
    })
    // What connect() keeps for a reload: the RPC URLs, as connect() stores them itself.
    expect(env.sdk.log.persisted).toEqual([
      ['optionalNamespaces', { eip155: getWalletConnectNamespace(networks, 31337) }],
    ])

    // The fake provider answers no personal_sign: signing in must not ask for one.
    const flow = createSignInFlow(env.config, { ...page, appName: 'Latch' })
    await flow.prepare()
    expect(flow.getState()).toMatchObject({ status: 'signedIn', message, error: undefined })
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/auth/nonce',
      'POST /v1/sessions',
    ])
    expect(api.calls[1]?.body).toEqual({ message, signature: cacao.s.s })
    expect(env.storage.map.get(storageKeys.signInSessions)).toContain(testAddress)
  })

  it('a wallet without one-click auth approves the session alone: sign-in is two steps', async () => {
    const { api, env, attempt } = await startSignIn()
    env.sdk.approveAuthenticate({ session: session([31337]) })
    const result = await attempt
    expect(result).toEqual({ accounts: [testAddress], chainId: 31337 })
    const flow = createSignInFlow(env.config, { ...page, appName: 'Latch' })
    await flow.prepare()
    expect(flow.getState().status).toBe('ready')
    expect(flow.getState().message).toContain('Nonce: nonce00000002')
    expect(api.calls.filter((call) => call.path === '/v1/sessions')).toEqual([])
  })

  it('declining in the wallet is a UserRejectedRequestError', async () => {
    const { env, attempt } = await startSignIn()
    env.sdk.rejectAuthenticate('User rejected.')
    await expect(attempt).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(env.config.getState()).toMatchObject({ status: 'disconnected' })
  })

  it('connects without a sign-in when the API gives no nonce', async () => {
    const api = createFakeLatchApi()
    api.override('POST /v1/auth/nonce', { status: 503, body: {} })
    const env = setup({}, { fetch: api.fetch })
    const attempt = connect(env.config, { connectorId: 'walletConnect', signIn: page })
    await vi.waitFor(() => expect(env.sdk.log.connectParams).toHaveLength(1))
    env.sdk.approve(session([31337]))
    await expect(attempt).resolves.toEqual({ accounts: [testAddress], chainId: 31337 })
    expect(env.sdk.log.authenticateParams).toEqual([])
  })
})
