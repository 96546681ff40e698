import { serverMessages } from '@latch/api-contract'
import {
  anvilAccounts,
  createTestWallet,
  findFreePort,
  type StartTestAnvilReturnType,
  startTestAnvil,
  type TestWallet,
} from '@latch/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { checkProjectOrigin } from '../actions/checkProjectOrigin.ts'
import { connect } from '../actions/connect.ts'
import { connectEmail } from '../actions/connectEmail.ts'
import { connectFarcaster } from '../actions/connectFarcaster.ts'
import { disconnect } from '../actions/disconnect.ts'
import { getAccountNames } from '../actions/getAccountNames.ts'
import { getBalance } from '../actions/getBalance.ts'
import { getCaipNetwork } from '../actions/getCaipNetwork.ts'
import { getCallsStatus } from '../actions/getCallsStatus.ts'
import { getCapabilities } from '../actions/getCapabilities.ts'
import { getFarcasterUri } from '../actions/getFarcasterUri.ts'
import { getHistory } from '../actions/getHistory.ts'
import { getIdentity } from '../actions/getIdentity.ts'
import { getNameSuggestions } from '../actions/getNameSuggestions.ts'
import { getSessions } from '../actions/getSessions.ts'
import { getWallets } from '../actions/getWallets.ts'
import { registerAccountName } from '../actions/registerAccountName.ts'
import { resolveAccountName } from '../actions/resolveAccountName.ts'
import { revokeSession } from '../actions/revokeSession.ts'
import { sendTransfer } from '../actions/sendTransfer.ts'
import { signIn } from '../actions/signIn.ts'
import { switchChain } from '../actions/switchChain.ts'
import { switchNetwork } from '../actions/switchNetwork.ts'
import { announced } from '../connectors/announced.ts'
import { embeddedWallet } from '../connectors/embeddedWallet.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { getSwapTokens } from '../swaps/getSwapTokens.ts'
import { createFakeConnector, createTestStorage } from '../testing/createFakeConnector.ts'
import { createFakeFrameWindow } from '../testing/createFakeFrameWindow.ts'
import {
  createFakeLatchApi,
  createSigningSetup,
  testNetwork,
} from '../testing/createFakeLatchApi.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import { until } from '../testing/until.ts'
import type { Eip1193Provider, Eip1193RequestArguments } from '../types.ts'
import { parseLatchWebConfig } from '../webConfig/parseLatchWebConfig.ts'
import { BaseError } from './base.ts'
import {
  type ErrorCatalogueName,
  errorCatalogue,
  notRaisedYet,
  serverTextAlerts,
} from './errorCatalogue.ts'
import { getErrorCatalogueEntry } from './getErrorCatalogueEntry.ts'

let anvil: StartTestAnvilReturnType
/** The EIP-1193 test wallet (anvil's first account), on a real node. */
let wallet: TestWallet
/** A URL where nothing listens: a dead RPC node or a dead API. */
let deadUrl: string
beforeAll(async () => {
  anvil = await startTestAnvil()
  wallet = createTestWallet({
    chains: [{ id: 31337, rpcUrl: anvil.rpcUrl }],
    privateKey: (anvilAccounts[0] as (typeof anvilAccounts)[0]).privateKey,
  })
  deadUrl = `http://127.0.0.1:${await findFreePort()}`
})
afterAll(() => anvil?.stop())

const walletInfo = { uuid: 'test', name: 'Test Wallet', icon: '', rdns: 'dev.latch.test' }

/** A config with the test wallet announced (EIP-6963), as the page sees an extension. */
function configWith(provider: Eip1193Provider, networks = [testNetwork]) {
  const connector = announced({ info: walletInfo, provider })
  const config = createLatchConfig({
    networks,
    apiUrl: deadUrl,
    projectId: 'p',
    connectors: [connector],
    storage: createTestStorage(),
  })
  return { config, connector }
}

/**
 * The test wallet, except that `personal_sign` gets what `answer` gives: the wallet's node
 * answering another request, or a wallet error. The rest goes to the real wallet.
 */
function walletWhere(answer: (args: Eip1193RequestArguments) => Promise<unknown>) {
  const provider: Eip1193Provider = {
    request: (args) => (args.method === 'personal_sign' ? answer(args) : wallet.request(args)),
  }
  return provider
}

const walletError = (code: number, message: string) => Object.assign(new Error(message), { code })

/** Connects the wallet, then signs in: the wallet's answer to `personal_sign` decides. */
async function signInWith(provider: Eip1193Provider) {
  const { config, connector } = configWith(provider)
  await connect(config, { connectorId: connector.id })
  return signIn(config, { message: 'Sign in to Latch' })
}

/** What the node answers to a raw body (the wallet passes it on as a node's error). */
async function nodeAnswer(body: string): Promise<never> {
  const response = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  })
  const { error } = (await response.json()) as { error: { code: number; message: string } }
  throw walletError(error.code, error.message)
}

/** A signed-in setup over the fake Latch API, where `route` answers `status`. */
async function apiFailing(route: string, status: number, message = 'Internal error') {
  const setup = await createSigningSetup()
  setup.api.override(route, { status, body: { error: { code: 'INTERNAL', message } } })
  return setup
}

const address = anvilAccounts[0]?.address as string

/**
 * A config with the embedded wallet, whose frame is the fake window's; with `ready`, the frame
 * loads and answers the page's sync calls, leaving the rest to the test.
 */
async function embeddedSetup(ready = true) {
  const frame = createFakeFrameWindow()
  const clock = createFakeScheduler()
  const connector = embeddedWallet({
    authUrl: frame.authOrigin,
    projectId: 'p',
    apiUrl: deadUrl,
    chainIds: [testNetwork.id],
    metadata: { name: 'Latch', url: 'http://app.test', icons: [] },
    window: frame.window,
    scheduler: clock.scheduler,
  })
  const config = createLatchConfig({
    networks: [testNetwork],
    apiUrl: deadUrl,
    projectId: 'p',
    connectors: [connector],
    storage: createTestStorage(),
  })
  frame.answerWith((request) => (request.method.startsWith('sync') ? {} : undefined))
  const loaded = connector.embedded?.preload()
  loaded?.catch(() => {})
  await until(() => frame.iframe !== undefined)
  if (ready) {
    frame.ready()
    clock.advance(500)
    await loaded
  }
  return { frame, clock, config, connector, loaded }
}

/**
 * For every entry of the error table, a real failure that raises it: a wallet (the EIP-1193
 * test wallet on anvil) or its node answering, a Latch API answering an error, a dead RPC or
 * API, or a bad configuration. Typed: an entry without a failure does not compile.
 */
const failures = {
  // The wallet refuses, or its node does (through the real wallet and Latch's sign-in).
  UserRejectedRequestError: async () => {
    wallet.queue('eth_requestAccounts', 'reject')
    const { config, connector } = configWith(wallet)
    return connect(config, { connectorId: connector.id })
  },
  UnauthorizedProviderError: () =>
    signInWith(walletWhere(async () => Promise.reject(walletError(4100, 'Unauthorized')))),
  ProviderDisconnectedError: () =>
    signInWith(walletWhere(async () => Promise.reject(walletError(4900, 'Disconnected')))),
  ChainDisconnectedError: () =>
    signInWith(walletWhere(async () => Promise.reject(walletError(4901, 'Chain disconnected')))),
  InvalidChainIdError: () =>
    signInWith(walletWhere(async () => Promise.reject(walletError(32603, 'Invalid chain id')))),
  ParseRpcError: () =>
    // anvil answers a body it cannot parse with -32600; a wallet's node may say -32700.
    signInWith(walletWhere(async () => Promise.reject(walletError(-32700, 'Parse error')))),
  InvalidRequestRpcError: () => signInWith(walletWhere(() => nodeAnswer('{ not json'))),
  MethodNotFoundRpcError: () =>
    signInWith(walletWhere(() => wallet.request({ method: 'latch_unknownMethod' }))),
  InvalidParamsRpcError: () =>
    signInWith(walletWhere(() => wallet.request({ method: 'eth_getBalance', params: ['zz'] }))),
  InternalRpcError: async () => {
    // The wallet itself fails (-32603), as a broken wallet does.
    wallet.queue('personal_sign', 'fail')
    return signInWith(wallet)
  },
  ServerRpcError: () =>
    signInWith(
      walletWhere(() =>
        wallet.request({
          method: 'eth_call',
          params: [{ to: anvilAccounts[1]?.address, gas: '0x1' }, 'latest'],
        }),
      ),
    ),
  ProviderRequestError: () => {
    // A wallet whose node is down: the error carries no code (5000, the default).
    const offline = createTestWallet({
      chains: [{ id: 31337, rpcUrl: deadUrl }],
      privateKey: (anvilAccounts[0] as (typeof anvilAccounts)[0]).privateKey,
    })
    return signInWith(
      walletWhere(() => offline.request({ method: 'eth_getBalance', params: [address, 'latest'] })),
    )
  },
  SwitchChainError: async () => {
    // The wallet does not know the chain (4902) and cannot add it: its node has no
    // wallet_addEthereumChain.
    const other = { ...testNetwork, id: 31340, caipNetworkId: 'eip155:31340' }
    const { config, connector } = configWith(wallet, [testNetwork, other])
    await connect(config, { connectorId: connector.id })
    return switchChain(config, { chainId: 31340 })
  },
  SignatureDeclinedError: async () => {
    wallet.queue('personal_sign', 'reject')
    return signInWith(wallet)
  },
  // Connection errors
  ChainNotConfiguredError: async () => {
    const { config } = configWith(wallet)
    return switchChain(config, { chainId: 999 })
  },
  // A namespace Latch has no code for, from the network switcher.
  ChainAdapterNotFoundError: async () => {
    const { config } = configWith(wallet)
    return switchNetwork(config, { caipNetworkId: 'cosmos:cosmoshub-4' })
  },
  ConnectorAlreadyConnectedError: async () => {
    const { config, connector } = configWith(wallet)
    await connect(config, { connectorId: connector.id })
    return connect(config, { connectorId: connector.id })
  },
  ConnectorNotConnectedError: async () => {
    const { config } = configWith(wallet)
    return signIn(config, { message: 'Sign in to Latch' })
  },
  DisconnectFailedError: async () => {
    // A wallet whose disconnect fails (WalletConnect's relay gone, say).
    const fake = createFakeConnector()
    const config = createLatchConfig({
      networks: [testNetwork],
      apiUrl: deadUrl,
      projectId: 'p',
      connectors: [
        {
          ...fake.connector,
          disconnect: () => fetch(deadUrl).then(() => undefined),
        },
      ],
      storage: createTestStorage(),
    })
    const connecting = connect(config, { connectorId: fake.connector.id })
    fake.approve()
    await connecting
    return disconnect(config)
  },
  // The Latch API fails, refuses, or is not there.
  BalanceUnavailableError: async () => {
    const { config } = configWith(wallet)
    return getBalance(config, { address, chainId: 31337 })
  },
  SwapNetworkNotSupportedError: async () => {
    const { config } = await apiFailing(
      'GET /v1/convert/tokens',
      400,
      'Network not supported for Swaps',
    )
    return getSwapTokens(config, { chainId: 31337 })
  },
  TransactionsUnavailableError: async () => {
    const { config } = await apiFailing(`GET /v1/account/${address}/history`, 500)
    return getHistory(config, { address })
  },
  AccountNameResolutionError: async () => {
    const { config } = await apiFailing('GET /v1/profile/account/nobody.latch.id', 404, 'Not found')
    return resolveAccountName(config, { name: 'nobody.latch.id' })
  },
  NameSuggestionsUnavailableError: async () => {
    const { config } = await apiFailing('GET /v1/profile/suggestions/alice', 503)
    return getNameSuggestions(config, { name: 'alice' })
  },
  AccountNamesUnavailableError: async () => {
    const { config } = await apiFailing(`GET /v1/profile/reverse/${address}`, 500)
    return getAccountNames(config, { address })
  },
  IdentityUnavailableError: async () => {
    const { config } = await apiFailing(`GET /v1/identity/${address}`, 502)
    return getIdentity(config, { address })
  },
  NameRegistrationError: async () => {
    const { config } = await createSigningSetup()
    await registerAccountName(config, { label: 'alice', suffix: 'latch.id' })
    // Someone (here: the same address) already holds it: 409.
    return registerAccountName(config, { label: 'alice', suffix: 'latch.id' })
  },
  SignInFailedError: async () => {
    const { config } = await apiFailing('POST /v1/sessions', 500)
    return signIn(config, { message: 'Sign in to Latch' })
  },
  SessionsUnavailableError: async () => {
    const { config } = await apiFailing(`GET /v1/sessions/${address}`, 500)
    return getSessions(config, { address })
  },
  RevokeSessionFailedError: async () => {
    const { config } = await apiFailing(`POST /v1/sessions/${address}/revoke`, 500)
    return revokeSession(config, { id: 'session-1' })
  },
  AbortError: async () => {
    // The page leaves while the balance loads (TanStack Query aborts the request).
    const { config } = configWith(wallet)
    const controller = new AbortController()
    controller.abort()
    return getBalance(config, { address, chainId: 31337, signal: controller.signal })
  },
  OriginNotAllowedError: async () => {
    const api = createFakeLatchApi()
    api.override('GET /getWallets', {
      status: 403,
      body: { error: { code: 'UNAUTHORIZED', message: 'Unauthorized: origin not allowed' } },
    })
    return getWallets(apiConfig(api.fetch))
  },
  InvalidProjectIdError: async () => {
    const api = createFakeLatchApi()
    api.override('GET /getWallets', {
      status: 401,
      body: { error: { code: 'UNAUTHORIZED', message: 'Unauthorized: invalid key' } },
    })
    return getWallets(apiConfig(api.fetch))
  },
  UnverifiedDomainError: async () => {
    // The project has no domain set up: the API answers an empty list as the modal opens.
    const api = createFakeLatchApi()
    api.override('GET /projects/v1/origins', { status: 200, body: { allowedOrigins: [] } })
    return checkProjectOrigin(apiConfig(api.fetch), { origin: 'https://app.example.com' })
  },
  ProjectOriginsUnavailableError: async () => {
    const api = createFakeLatchApi()
    api.override('GET /projects/v1/origins', {
      status: 404,
      body: { error: { code: 'NOT_FOUND', message: 'Not found' } },
    })
    return checkProjectOrigin(apiConfig(api.fetch), { origin: 'https://app.example.com' })
  },
  NetworkNotFoundError: async () => {
    // A CAIP id naming a network the app is not configured with (a link, a session's chain).
    const { config } = configWith(wallet)
    return getCaipNetwork(config, 'eip155:8453')
  },
  SessionExpiredError: async () => {
    // The API refuses the session token as not yet valid (a device clock far behind).
    const { config } = await apiFailing(
      `GET /v1/sessions/${address}`,
      401,
      'JWT validation error: JWT Token is not yet valid',
    )
    return getSessions(config, { address })
  },
  // EIP-5792, against the test wallet, whose node has no wallet_getCapabilities or
  // wallet_getCallsStatus (-32601): a wallet that did not approve the methods.
  SmartAccountsUnsupportedError: async () => {
    const { config, connector } = configWith(wallet)
    await connect(config, { connectorId: connector.id })
    return getCapabilities(config, { address: wallet.address })
  },
  CallsStatusNotApprovedError: async () => {
    const { config, connector } = configWith(wallet)
    await connect(config, { connectorId: connector.id })
    return getCallsStatus(config, {
      id: '0x00000000000000000000000000000000000000000000000000000000000000aa',
    })
  },
  ChainNotSupportedError: async () => {
    // The wallet answers capabilities for Ethereum only, not for the chain the app is on.
    const provider: Eip1193Provider = {
      request: (args) =>
        args.method === 'wallet_getCapabilities'
          ? Promise.resolve({ '0x1': { atomic: { status: 'supported' } } })
          : wallet.request(args),
    }
    const { config, connector } = configWith(provider)
    await connect(config, { connectorId: connector.id })
    return getCapabilities(config, { address: wallet.address, chainId: 31337 })
  },
  UserOperationReceiptError: async () => {
    // A WalletConnect wallet without wallet_getCallsStatus names its bundler in the session;
    // the API's bundler endpoint answers 502 (the bundler is down).
    const api = createFakeLatchApi()
    api.override('POST /v1/bundler', {
      status: 502,
      body: { error: { code: 'X', message: 'down' } },
    })
    const base = announced({ info: walletInfo, provider: wallet })
    const connector = {
      ...base,
      type: 'WALLET_CONNECT' as const,
      getSession: () => ({
        topic: 't',
        expiry: 0,
        namespaces: {},
        peer: { name: 'Phone', icons: [], url: '' },
        sessionProperties: { bundler_name: 'alto' },
      }),
    }
    const config = createLatchConfig({
      networks: [testNetwork],
      apiUrl: 'http://api.test',
      projectId: 'p',
      connectors: [connector],
      storage: createTestStorage(),
      fetch: api.fetch,
    })
    await connect(config, { connectorId: connector.id })
    return getCallsStatus(config, { id: `0x${'ab'.repeat(32)}` })
  },
  // The page's configuration
  ProjectIdNotConfiguredError: async () =>
    parseLatchWebConfig({ ...validWebConfig, projectId: '' }),
  InvalidConfigError: async () => parseLatchWebConfig({ ...validWebConfig, apiUrl: 'ftp://x' }),
  // Transfers
  TransferFieldsRequiredError: async () => {
    const { config } = configWith(wallet)
    return sendTransfer(config, { to: '', amount: 1n, token: nativeToken })
  },
  TransferTokenRequiredError: async () => {
    const { config } = configWith(wallet)
    return sendTransfer(config, {
      to: anvilAccounts[1]?.address as string,
      amount: 1n,
      token: undefined,
    })
  },
  TransferChainUnsupportedError: async () => {
    const { config } = configWith(wallet)
    return sendTransfer(config, {
      namespace: 'bip122',
      to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      amount: 1n,
      token: nativeToken,
    })
  },
  TransferRevertedError: async () => {
    // A contract that always reverts; the transfer's gas is fixed, so it is mined and reverts.
    const reverter = '0x00000000000000000000000000000000000b0b0b'
    await anvil.rpc('anvil_setCode', [reverter, '0x60006000fd'])
    const reverted = await anvil.rpc('eth_sendTransaction', [
      { from: anvilAccounts[0]?.address, to: reverter, gas: '0x186a0' },
    ])
    const provider: Eip1193Provider = {
      request: (args) =>
        args.method === 'eth_sendTransaction' ? Promise.resolve(reverted) : wallet.request(args),
    }
    const { config, connector } = configWith(provider, [{ ...testNetwork, rpcUrl: anvil.rpcUrl }])
    await connect(config, { connectorId: connector.id })
    return sendTransfer(config, { to: reverter, amount: 1n, token: nativeToken })
  },
  InvalidNameLabelError: async () => {
    const { config } = await createSigningSetup()
    return registerAccountName(config, { label: 'ab', suffix: 'latch.id' })
  },
  // The embedded wallet's frame (a fake auth site window)
  EmbeddedWalletLoadError: async () => {
    const { clock, loaded } = await embeddedSetup(false)
    clock.advance(20_000)
    return loaded
  },
  EmbeddedWalletTimeoutError: async () => {
    const { clock, config, frame } = await embeddedSetup()
    const attempt = connectEmail(config, { email: 'ada@example.com' })
    await until(() => frame.requests.some((r) => r.message.method === 'connectEmail'))
    clock.advance(30_000)
    return attempt
  },
  EmbeddedWalletRequestError: async () => {
    const { config, frame, connector } = await embeddedSetup()
    const attempt = connector.embedded?.connectOtp('123456')
    await until(() => frame.requests.some((r) => r.message.method === 'connectOtp'))
    const request = frame.requests.find((r) => r.message.method === 'connectOtp')
    frame.fail(request?.message.id as string, { code: 'INVALID_OTP', message: 'Wrong code.' })
    void config
    return attempt
  },
  EmbeddedWalletAbortedError: async () => {
    const { frame, connector } = await embeddedSetup()
    const attempt = connector.embedded?.connectOtp('123456')
    await until(() => frame.requests.some((r) => r.message.method === 'connectOtp'))
    frame.ready() // The frame reloaded: what it was asked is lost.
    return attempt
  },
  EmailCooldownError: async () => {
    const { config, frame } = await embeddedSetup()
    frame.answerWith((request) =>
      request.method === 'connectEmail' ? { action: 'VERIFY_OTP' } : {},
    )
    await connectEmail(config, { email: 'ada@example.com' })
    return connectEmail(config, { email: 'ada@example.com' })
  },
  AuthConnectorNotFoundError: async () => {
    const { config } = configWith(wallet)
    return connectEmail(config, { email: 'ada@example.com' })
  },
  // Social sign-in: the frame cannot start it, or the auth API refuses it
  AuthInitError: async () => {
    const { config, frame } = await embeddedSetup()
    const attempt = getFarcasterUri(config)
    await until(() => frame.requests.some((r) => r.message.method === 'getFarcasterUri'))
    const request = frame.requests.find((r) => r.message.method === 'getFarcasterUri')
    frame.fail(request?.message.id as string, { code: 'AUTH_INIT_FAILED', message: 'No.' })
    return attempt
  },
  SocialSignInError: async () => {
    const { config, frame } = await embeddedSetup()
    frame.answerWith((request) =>
      request.method === 'getFarcasterUri' ? { url: 'https://farcaster.test/c' } : {},
    )
    const attempt = connectFarcaster(config)
    await until(() => frame.requests.some((r) => r.message.method === 'connectFarcaster'))
    const request = frame.requests.find((r) => r.message.method === 'connectFarcaster')
    frame.fail(request?.message.id as string, {
      code: 'FARCASTER_INVALID',
      message: 'The Farcaster signature does not hold.',
    })
    return attempt
  },
} satisfies Record<ErrorCatalogueName, () => Promise<unknown>>

/** The native coin (no contract address). */
const nativeToken = { address: undefined }

const validWebConfig = {
  apiUrl: 'http://127.0.0.1:4100',
  relayUrl: 'ws://127.0.0.1:4200',
  appName: 'Latch',
  projectId: 'p',
  networks: [
    {
      id: 31337,
      caipNetworkId: 'eip155:31337',
      name: 'Latch Devnet',
      rpcUrl: 'http://127.0.0.1:8545',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    },
  ],
}

function apiConfig(fetchFn: ReturnType<typeof createFakeLatchApi>['fetch']) {
  return createLatchConfig({
    networks: [testNetwork],
    apiUrl: 'http://api.test',
    projectId: 'p',
    connectors: [],
    storage: createTestStorage(),
    fetch: fetchFn,
  })
}

/** The table's message as a pattern: placeholders match any text. */
function messagePattern(message: string): RegExp {
  const parts = message
    .split(/\{[a-zA-Z]+\}/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${parts.join('.*')}$`, 's')
}

describe('errorCatalogue', () => {
  it.each(Object.keys(errorCatalogue) as ErrorCatalogueName[])(
    '%s is raised by a real failure, with its code and the table message',
    async (name) => {
      const outcome = await failures[name]().then(
        () => undefined,
        (error: unknown) => error,
      )
      expect(outcome, `${name}: the failure did not fail`).toBeInstanceOf(Error)
      const entry = getErrorCatalogueEntry(outcome)
      expect(entry?.name, String(outcome)).toBe(name)
      if (!entry) return
      const raised = entry.error
      if (raised instanceof BaseError) {
        expect(raised.code).toBe(entry.code)
        expect(raised.shortMessage).toMatch(messagePattern(entry.message))
      } else expect(name).toBe('AbortError')
      if (entry.show === 'alert') expect(entry).toHaveProperty('alert')
    },
  )

  it('gives each code one entry, and keeps what Latch cannot raise out of it', () => {
    const codes = Object.values(errorCatalogue).map((entry) => entry.code)
    expect(new Set(codes).size).toBe(codes.length)
    for (const code of [
      4001, 4100, 4900, 4901, 4902, 5000, -32700, -32600, -32601, -32602, -32603, -32000,
    ])
      expect(codes).toContain(code)
    const specs = Object.values(errorCatalogue).map((entry) => entry.spec)
    for (const { spec } of notRaisedYet) expect(specs).not.toContain(spec)
  })

  it("maps the API's own refusal texts, as the API contract spells them", () => {
    expect(serverTextAlerts[serverMessages.originNotAllowed]).toBe('originNotAllowed')
    expect(serverTextAlerts[serverMessages.invalidKey]).toBe('invalidProjectId')
  })
})
