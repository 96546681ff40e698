import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import {
  type ApiRoute,
  type ApiRouteName,
  apiErrorSchema,
  apiRoutes,
  type ConvertAllowanceResponse,
  type ConvertBuildApproveResponse,
  type ConvertBuildTransactionResponse,
  type ConvertGasPriceResponse,
  type ConvertQuotesResponse,
  type ConvertTokensResponse,
  createOpenApiDocument,
  type EmailVerifyResponse,
  healthResponseSchema,
  nativeCoinAddress,
  toOpenApiPath,
} from '@latch/api-contract'
import { getSocialProviderSettings, parseConfig } from '@latch/config'
import {
  announced,
  connect,
  createLatchConfig,
  createMemoryStorage,
  createSignInMessage,
  getAccountNames,
  getBalance,
  getHistory,
  getIdentity,
  getNameSuggestions,
  getNfts,
  getSessions,
  getSiweNonce,
  getTokenBalances,
  getWallets,
  type LatchConfig,
  registerAccountName,
  resolveAccountName,
  revokeSession,
  setAccountNameAttributes,
  signIn,
} from '@latch/core'
import {
  completeOidcLogin,
  type StartLocalOidcProviderReturnType,
  type StartTestFarcasterReturnType,
  startLocalOidcProvider,
  startTestFarcaster,
} from '@latch/test'
import { type Address, encodeFunctionData, type Hex, numberToHex, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { z } from 'zod'
import type { App } from './app.ts'
import { forEachDatabase } from './db/testing.ts'
import { type StartIndexerReturnType, startIndexer } from './indexer/startIndexer.ts'
import { createIndexerTestApp, testProjectId } from './indexer/testing/createIndexerTestApp.ts'
import {
  collectionAbi,
  createTestChain,
  type TestChain,
  testAccounts,
} from './indexer/testing/createTestChain.ts'
import { createTestLogger } from './indexer/testing/createTestLogger.ts'
import { waitForIndexedBlock } from './indexer/testing/waitForIndexedBlock.ts'
import { loadWalletRegistry } from './registry/loadWalletRegistry.ts'
import {
  type FakeUserOperationService,
  startFakeUserOperationService,
} from './services/accountAbstraction/testing/startFakeUserOperationService.ts'
import type { Mail } from './services/embeddedWallet/mailer.ts'
import { createFarcasterIdRegistry } from './services/farcasterSignIn/createFarcasterIdRegistry.ts'
import { createFarcasterRelayClient } from './services/farcasterSignIn/createFarcasterRelayClient.ts'
import { createGuardedFetch, type GuardedFetch } from './services/fetch/createGuardedFetch.ts'
import { createGuardedOnrampFetch } from './services/onramp/createGuardedOnrampFetch.ts'
import { createOnrampProviders } from './services/onramp/createOnrampProviders.ts'
import {
  type FakeOnrampProviders,
  startFakeOnrampProviders,
} from './services/onramp/testing/startFakeOnrampProviders.ts'
import { createSocialProviderClients } from './services/socialSignIn/createSocialProviderClients.ts'
import { toOpenIdFetch } from './services/socialSignIn/toOpenIdFetch.ts'
import { createMemoryWalletRegistryStore } from './stores/createMemoryWalletRegistryStore.ts'

/** anvil's first test key (`testAccounts[0]`): test-only, signs as a wallet would. */
const account = privateKeyToAccount(
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
)
const [, bob] = testAccounts
const pageOrigin = 'http://localhost:5173'
/** The embedded wallet's site: the only origin `/auth/v1` answers. */
const authOrigin = 'http://127.0.0.1:4177'
const multicall3Address = '0xcA11bde05977b3631167028862bE2a173976CA11'
/** The spender of the fake aggregator the convert routes quote through (any address will do). */
const swapSpender = '0x1111111254EEB25477B68fb85Ed929f73A960582'

/**
 * A 1inch-style aggregator behind the fetcher's interface: 1 ETH buys 3000 of any token; its
 * swaps go to `swapSpender` with empty calldata (a plain transfer, so the simulation passes).
 */
const fakeAggregator: GuardedFetch = async (url) => {
  const asked = new URL(url)
  if (asked.pathname.endsWith('/approve/spender')) return Response.json({ address: swapSpender })
  const dstAmount = (
    (BigInt(asked.searchParams.get('amount') ?? '0') * 3000n) /
    10n ** 12n
  ).toString()
  if (asked.pathname.endsWith('/quote')) return Response.json({ dstAmount })
  return Response.json({
    dstAmount,
    tx: { to: swapSpender, data: '0x', value: asked.searchParams.get('amount') },
  })
}

/** Multicall3's runtime code, from the devnet's compiled contracts (read as a file). */
function readMulticall3Code(): Hex {
  const file = path.resolve(import.meta.dirname, '../../devnet/artifacts/Multicall3.json')
  return JSON.parse(readFileSync(file, 'utf8')).deployedBytecode
}

/** A route's method and path as Hono lists them, `/v1/` and `/v1` counted as one. */
const routeKey = (method: string, path: string) =>
  `${method.toUpperCase()} ${path.length > 1 ? path.replace(/\/+$/, '') : path}`

/** The JSON answer's schema for `status`, failing when the contract lists no such answer. */
function responseSchema(name: ApiRouteName, status: number): z.ZodType {
  const response = (apiRoutes[name].responses as Record<number, { schema?: z.ZodType }>)[status]
  if (!response?.schema) throw new Error(`${name} has no JSON answer ${status} in the contract.`)
  return response.schema
}

forEachDatabase('the API contract', (context) => {
  let chain: TestChain
  let indexer: StartIndexerReturnType
  let app: App
  /** An ERC-20 on the test chain the convert routes swap the native coin for. */
  let swapToken: Address
  let config: LatchConfig
  let oidc: StartLocalOidcProviderReturnType
  let farcaster: StartTestFarcasterReturnType
  /** Local stand-ins of Coinbase Onramp's and MoonPay's APIs. */
  let onrampFakes: FakeOnrampProviders
  /** A local stand-in of the chain's bundler and ERC-7677 paymaster service. */
  const userOperationService = {
    entryPoint: '0x0000000071727De22E5E9d8BAf0edAc6f37da032' as Address,
    paymaster: '0x3333333333333333333333333333333333333333' as Address,
    fake: undefined as FakeUserOperationService | undefined,
  }
  /** The frame's social and Farcaster flows (its secret, and what the API answered). */
  const social = {
    deviceId: '5'.repeat(32),
    secret: 's'.repeat(43),
    state: '',
    uri: '',
    callback: '',
    channelId: '',
  }
  const secretHash = () => createHash('sha256').update(social.secret).digest('hex')
  /** A social or Farcaster call as the frame makes it, parsed with the contract's schema. */
  const callSocial = async (name: ApiRouteName, body: unknown) => {
    const route: ApiRoute = apiRoutes[name]
    const response = await app.request(route.path, {
      method: 'POST',
      headers: { origin: authOrigin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const json = await response.json()
    if (!response.ok) throw new Error(`${route.path}: ${response.status} ${JSON.stringify(json)}`)
    expect(response.headers.get('cache-control')).toBe(route.cacheControl)
    return responseSchema(name, response.status).parse(json) as never
  }

  /** One request to the app, as the page sends it (from an allowed origin). */
  const call = async (
    name: ApiRouteName,
    url: string,
    init: { method?: 'POST'; body?: unknown } = {},
  ) => {
    const response = await app.request(url, {
      method: init.method ?? 'GET',
      headers: { origin: pageOrigin, 'content-type': 'application/json' },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    expect(apiRoutes[name].method).toBe((init.method ?? 'GET').toLowerCase())
    return response
  }
  /** Calls the route and parses its JSON answer with the contract's schema for that status. */
  const callJson = async (
    name: ApiRouteName,
    url: string,
    init: { method?: 'POST'; body?: unknown } = {},
  ) => {
    const response = await call(name, url, init)
    const body = await response.json()
    if (!response.ok) throw new Error(`${url}: ${response.status} ${JSON.stringify(body)}`)
    return responseSchema(name, response.status).parse(body) as never
  }
  const q = `projectId=${testProjectId}`

  /** The mails the embedded wallet sent, and what its routes handed out so far. */
  const mails: Mail[] = []
  const embedded = { email: 'contract@example.com', token: '', deviceId: '0'.repeat(32) }
  const lastCode = (to: string) =>
    /^(\d{6}) is your Latch code$/.exec(
      mails.findLast((mail) => mail.to === to)?.subject ?? '',
    )?.[1] ?? ''
  /** One `/auth/v1` call as the secure frame makes it (its origin, its bearer token). */
  const callAuth = async (name: ApiRouteName, init: { method?: 'POST'; body?: unknown } = {}) => {
    const route: ApiRoute = apiRoutes[name]
    expect(route.method).toBe((init.method ?? 'GET').toLowerCase())
    const response = await app.request(route.path, {
      method: init.method ?? 'GET',
      headers: {
        origin: authOrigin,
        'content-type': 'application/json',
        ...(embedded.token ? { authorization: `Bearer ${embedded.token}` } : {}),
      },
      ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
    })
    const body = await response.json()
    if (!response.ok) throw new Error(`${route.path}: ${response.status} ${JSON.stringify(body)}`)
    expect(response.headers.get('cache-control')).toBe(route.cacheControl)
    return responseSchema(name, response.status).parse(body) as never
  }

  beforeAll(async () => {
    chain = await createTestChain()
    // Balances are read through Multicall3 at its usual address, as on every public chain.
    await chain.rpc('anvil_setCode', [multicall3Address, readMulticall3Code()])
    const collection = await chain.deployCollection(
      'Latch Lanterns',
      'LANTERN',
      'http://127.0.0.1:9/',
    )
    await chain.send({ from: account.address, to: bob, value: parseEther('0.5') })
    await chain.send({
      from: account.address,
      to: collection,
      data: encodeFunctionData({
        abi: collectionAbi,
        functionName: 'mint',
        args: [account.address],
      }),
    })
    indexer = startIndexer({
      db: context.db,
      networks: [chain.network],
      clients: chain.clients,
      log: createTestLogger().logger,
      pollingIntervalMs: 50,
      startFrom: 'genesis',
    })
    const wallets = await loadWalletRegistry()
    const redirectUri = 'http://localhost/auth/v1/social/callback'
    oidc = await startLocalOidcProvider({ port: 0, redirectUris: [redirectUri] })
    farcaster = await startTestFarcaster()
    const outbound = createGuardedFetch({ allowPrivateHosts: true })
    onrampFakes = await startFakeOnrampProviders()
    swapToken = await chain.deployToken('Test USD', 'TUSD', 6)
    const fake = await startFakeUserOperationService({
      eth_supportedEntryPoints: () => [userOperationService.entryPoint],
      pm_getPaymasterStubData: () => ({
        paymaster: userOperationService.paymaster,
        paymasterData: '0x',
        paymasterVerificationGasLimit: '0x10000',
        paymasterPostOpGasLimit: '0x0',
      }),
    })
    userOperationService.fake = fake
    app = createIndexerTestApp({
      db: context.db,
      chain,
      networks: [
        {
          ...chain.network,
          accountAbstraction: {
            entryPoint: userOperationService.entryPoint,
            simpleAccountFactory: '0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985',
            bundlers: [{ name: 'alto', url: fake.url }],
            paymasterUrl: fake.url,
          },
        },
      ],
      accountAbstraction: { fetch: outbound },
      swaps: {
        // As LATCH_SWAP_CHAINS: the aggregator is asked about this chain.
        chains: [chain.network.id],
        aggregator: { url: 'https://aggregator.test/swap/v6.0', fetch: fakeAggregator },
      },
      wallets: createMemoryWalletRegistryStore(wallets),
      onramp: createOnrampProviders({
        settings: parseConfig({
          LATCH_ONRAMP_PROVIDERS: 'coinbase,moonpay',
          LATCH_ONRAMP_COINBASE_API_URL: onrampFakes.coinbase.apiUrl,
          LATCH_ONRAMP_COINBASE_API_KEY: onrampFakes.coinbase.apiKey,
          LATCH_ONRAMP_COINBASE_SECRET: onrampFakes.coinbase.secret,
          LATCH_ONRAMP_MOONPAY_API_URL: onrampFakes.moonpay.apiUrl,
          LATCH_ONRAMP_MOONPAY_API_KEY: onrampFakes.moonpay.apiKey,
          LATCH_ONRAMP_MOONPAY_SECRET: onrampFakes.moonpay.secret,
        }),
        fetch: createGuardedOnrampFetch(outbound),
      }),
      embeddedWallet: {
        authUrl: authOrigin,
        mailer: { send: async (mail) => void mails.push(mail) },
        authShareKey: new Uint8Array(32).fill(1),
        socialProviders: createSocialProviderClients({
          settings: getSocialProviderSettings(parseConfig({}), { oidc }),
          redirectUri,
          fetch: toOpenIdFetch(outbound),
          allowHttpIssuers: true,
        }),
        farcaster: {
          relay: createFarcasterRelayClient({
            relayUrl: farcaster.farcaster.relayUrl,
            fetch: outbound,
          }),
          registry: createFarcasterIdRegistry({
            rpcUrl: farcaster.anvil.rpcUrl,
            chainId: farcaster.farcaster.chainId,
            address: farcaster.farcaster.idRegistry as Hex,
          }),
        },
      },
    }).app
    const head = await chain.head()
    await waitForIndexedBlock(indexer, head)

    // The core client, calling the app as a page on an allowed origin would.
    const provider = {
      async request({ method, params }: { method: string; params?: unknown }) {
        if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [account.address]
        if (method === 'eth_chainId') return numberToHex(chain.network.id)
        if (method === 'personal_sign')
          return account.signMessage({ message: { raw: (params as Hex[])[0] as Hex } })
        throw new Error(`Unexpected ${method}`)
      },
    }
    config = createLatchConfig({
      networks: [
        {
          id: chain.network.id,
          name: chain.network.name,
          caipNetworkId: `eip155:${chain.network.id}`,
          rpcUrl: chain.rpcUrl,
          nativeCurrency: chain.network.nativeCurrency,
        },
      ],
      apiUrl: 'http://localhost',
      projectId: testProjectId,
      storage: createMemoryStorage(),
      connectors: [
        announced({
          info: { uuid: 'contract-test', name: 'Test', icon: '', rdns: 'test.latch' },
          provider,
        }),
      ],
      fetch: async (url, init) => {
        const headers = new Headers(init?.headers as ConstructorParameters<typeof Headers>[0])
        headers.set('origin', pageOrigin)
        return app.request(String(url), { ...(init as RequestInit), headers })
      },
      options: { appName: 'Latch' },
    })
    await connect(config, { connectorId: 'test.latch' })
  })
  afterAll(async () => {
    await userOperationService.fake?.stop()
    await onrampFakes?.stop()
    await oidc?.stop()
    await farcaster?.stop()
    await indexer?.stop()
    await chain?.stop()
  })

  test('every route the app serves has a contract entry, and every entry is served', () => {
    const served = new Set(
      app.routes
        .filter((route) => route.method !== 'ALL')
        .map((route) => routeKey(route.method, route.path)),
    )
    const contracted = new Set(
      Object.values(apiRoutes).map((route) => routeKey(route.method, route.path)),
    )
    expect([...served].filter((key) => !contracted.has(key))).toEqual([])
    expect([...contracted].filter((key) => !served.has(key))).toEqual([])
  })

  test('GET /v1/openapi.json serves the generated document to anyone, cacheable', async () => {
    const response = await app.request('/v1/openapi.json')
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe(apiRoutes.openApi.cacheControl)
    expect(response.headers.get('etag')).toBeTruthy()
    const document = responseSchema('openApi', 200).parse(await response.json())
    expect(document).toEqual(JSON.parse(JSON.stringify(createOpenApiDocument())))
    for (const route of Object.values(apiRoutes))
      expect(
        (document as { paths: Record<string, Record<string, unknown>> }).paths[
          toOpenApiPath(route.path)
        ]?.[route.method],
      ).toBeDefined()
  })

  /** Each route through the server and, when core has one, the client: exhaustive by type. */
  const cases: Record<ApiRouteName, () => Promise<void>> = {
    async health() {
      healthResponseSchema.parse(await callJson('health', '/health'))
    },
    async openApi() {
      await callJson('openApi', '/v1/openapi.json')
    },
    async supportedChains() {
      const body: { networks: { id: number }[] } = await callJson(
        'supportedChains',
        `/v1/supported-chains?${q}`,
      )
      expect(body.networks.map((network) => network.id)).toEqual([chain.network.id])
    },
    async rpc() {
      const body: { result: string } = await callJson(
        'rpc',
        `/v1/?chainId=eip155:${chain.network.id}&${q}`,
        {
          method: 'POST',
          body: { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
        },
      )
      expect(body.result).toBe(numberToHex(chain.network.id))
    },
    async bundler() {
      const body: { result: string[] } = await callJson(
        'bundler',
        `/v1/bundler?chainId=eip155:${chain.network.id}&${q}`,
        { method: 'POST', body: { jsonrpc: '2.0', id: 1, method: 'eth_supportedEntryPoints' } },
      )
      expect(body.result).toEqual([userOperationService.entryPoint])
    },
    async paymaster() {
      const userOperation = { sender: account.address, nonce: '0x0', callData: '0x' }
      const body: { result: { paymaster: string } } = await callJson(
        'paymaster',
        `/v1/paymaster?chainId=${chain.network.id}&${q}`,
        {
          method: 'POST',
          body: {
            jsonrpc: '2.0',
            id: 1,
            method: 'pm_getPaymasterStubData',
            params: [
              userOperation,
              userOperationService.entryPoint,
              numberToHex(chain.network.id),
              null,
            ],
          },
        },
      )
      expect(body.result.paymaster).toBe(userOperationService.paymaster)
    },
    async balance() {
      const body: { balances: { symbol: string; quantity: { numeric: string } }[] } =
        await callJson(
          'balance',
          `/v1/account/${account.address}/balance?${q}&chainId=eip155:${chain.network.id}`,
        )
      const native = body.balances.find((balance) => balance.symbol === 'ETH')
      expect(Number(native?.quantity.numeric)).toBeGreaterThan(9000)
      const parameters = { address: account.address, chainId: chain.network.id }
      const [fromGetBalance, fromGetTokenBalances] = await Promise.all([
        getBalance(config, parameters),
        getTokenBalances(config, parameters),
      ])
      expect(fromGetBalance.numeric).toBe(native?.quantity.numeric)
      expect(fromGetTokenBalances.native.quantity.numeric).toBe(native?.quantity.numeric)
    },
    async history() {
      const body: { data: { id: string }[] } = await callJson(
        'history',
        `/v1/account/${account.address}/history?${q}`,
      )
      expect(body.data.length).toBeGreaterThanOrEqual(2)
      const page = await getHistory(config, { address: account.address })
      expect(page.data.map((item) => item.id)).toEqual(body.data.map((item) => item.id))
    },
    async nfts() {
      const body: { data: { tokenId: string }[] } = await callJson(
        'nfts',
        `/v1/account/${account.address}/nfts?${q}`,
      )
      expect(body.data.map((nft) => nft.tokenId)).toEqual(['1'])
      const nfts = await getNfts(config, { address: account.address })
      expect(nfts.data.map((nft) => nft.tokenId)).toEqual(['1'])
    },
    async nftImage() {
      // The collection's metadata host does not answer: a documented error, in the error shape.
      const [nft] = (
        (await callJson('nfts', `/v1/account/${account.address}/nfts?${q}`)) as {
          data: { contract: string }[]
        }
      ).data
      const response = await call(
        'nftImage',
        `/v1/nft-image/${chain.network.id}/${nft?.contract}/1?${q}`,
      )
      expect(apiRoutes.nftImage.errors).toContain(response.status)
      apiErrorSchema.parse(await response.json())
    },
    async identity() {
      const body = await callJson('identity', `/v1/identity/${account.address}?${q}`)
      expect(await getIdentity(config, { address: account.address })).toEqual(body)
    },
    async convertTokens() {
      const body: ConvertTokensResponse = await callJson(
        'convertTokens',
        `/v1/convert/tokens?${q}&chainId=eip155:${chain.network.id}`,
      )
      expect(body.tokens.map((token) => token.address)).toEqual([
        `eip155:${chain.network.id}:${nativeCoinAddress}`,
      ])
    },
    async convertQuotes() {
      const body: ConvertQuotesResponse = await callJson(
        'convertQuotes',
        `/v1/convert/quotes?${q}&from=eip155:${chain.network.id}:${nativeCoinAddress}&to=eip155:${chain.network.id}:${swapToken}&amount=${parseEther('1')}&userAddress=${account.address}&gasPrice=1`,
      )
      expect(body.quotes[0]).toMatchObject({ source: 'aggregator', toAmount: '3000000000' })
    },
    async convertAllowance() {
      const body: ConvertAllowanceResponse = await callJson(
        'convertAllowance',
        `/v1/convert/allowance?${q}&tokenAddress=eip155:${chain.network.id}:${swapToken}&userAddress=eip155:${chain.network.id}:${account.address}`,
      )
      expect(body).toEqual({ allowance: '0', spender: `eip155:${chain.network.id}:${swapSpender}` })
    },
    async convertGasPrice() {
      const body: ConvertGasPriceResponse = await callJson(
        'convertGasPrice',
        `/v1/convert/gas-price?${q}&chainId=eip155:${chain.network.id}`,
      )
      expect(BigInt(body.standard)).toBeGreaterThan(0n)
    },
    async convertBuildApprove() {
      const body: ConvertBuildApproveResponse = await callJson(
        'convertBuildApprove',
        `/v1/convert/build-approve?${q}&from=eip155:${chain.network.id}:${swapToken}&to=eip155:${chain.network.id}:${nativeCoinAddress}&userAddress=${account.address}&amount=5`,
      )
      expect(body.amount).toBe('5')
      expect(body.tx.from).toBe(`eip155:${chain.network.id}:${swapToken}`)
    },
    async convertBuildTransaction() {
      const body: ConvertBuildTransactionResponse = await callJson(
        'convertBuildTransaction',
        `/v1/convert/build-transaction`,
        {
          method: 'POST',
          body: {
            projectId: testProjectId,
            amount: parseEther('0.1').toString(),
            from: `eip155:${chain.network.id}:${nativeCoinAddress}`,
            to: `eip155:${chain.network.id}:${swapToken}`,
            userAddress: `eip155:${chain.network.id}:${account.address}`,
            eip155: { slippage: 1 },
          },
        },
      )
      expect(body).toMatchObject({
        tx: { to: `eip155:${chain.network.id}:${swapSpender}`, amount: '300000000' },
        minimumReceived: '297000000',
        simulated: true,
      })
    },
    async fungiblePrice() {
      const body: { fungibles: unknown[] } = await callJson(
        'fungiblePrice',
        `/v1/fungible/price?${q}`,
        {
          method: 'POST',
          body: {
            currency: 'usd',
            addresses: [`eip155:${chain.network.id}:0x0000000000000000000000000000000000000000`],
          },
        },
      )
      expect(Array.isArray(body.fungibles)).toBe(true)
    },
    async onrampOptions() {
      const body: { fallback: boolean; providers: { id: string }[] } = await callJson(
        'onrampOptions',
        `/v1/onramp/options?${q}`,
      )
      expect(body.fallback).toBe(false)
      expect(body.providers.map((provider) => provider.id)).toEqual(['coinbase', 'moonpay'])
    },
    async onrampQuote() {
      const body: { provider: string; estimated: boolean; quotes: unknown[] } = await callJson(
        'onrampQuote',
        `/v1/onramp/quote?${q}`,
        {
          method: 'POST',
          body: { purchaseCurrency: 'ETH', paymentCurrency: 'USD', amount: '100', network: 'ETH' },
        },
      )
      expect(body).toMatchObject({ provider: 'coinbase', estimated: false })
      expect(body.quotes).toHaveLength(2)
    },
    async onrampUrl() {
      const body: { url: string; provider: string } = await callJson(
        'onrampUrl',
        `/v1/generators/onrampurl?${q}`,
        {
          method: 'POST',
          body: {
            destinationWallets: [{ address: account.address, blockchains: ['latch-devnet'] }],
            partnerUserId: 'contract',
            defaultExperience: 'buy',
            presetFiatAmount: 100,
          },
        },
      )
      expect(body.provider).toBe('coinbase')
      expect(body.url).toContain('sessionToken=session-token-1')
    },
    async registerName() {
      const profile = await registerAccountName(config, { label: 'contract', suffix: 'latch.id' })
      expect(profile.name).toBe('contract.latch.id')
      // Registering the same name again answers 200 with the same profile.
      const again = await registerAccountName(config, { label: 'contract', suffix: 'latch.id' })
      expect(again).toEqual(profile)
    },
    async setNameAttributes() {
      const avatar = 'https://images.example/contract.png'
      const profile = await setAccountNameAttributes(config, {
        name: 'contract.latch.id',
        attributes: { avatar },
      })
      expect(profile.attributes).toEqual([{ avatar }])
      const body = await callJson('nameProfile', `/v1/profile/account/contract.latch.id?${q}`)
      expect(body).toEqual(profile)
      // The account asking about itself reads fresh: its header shows the new avatar at once,
      // served from the API's origin.
      expect(await getIdentity(config, { address: account.address })).toEqual({
        name: 'contract.latch.id',
        avatar: expect.stringMatching(
          /^http:\/\/localhost\/public\/getNameAvatar\/contract\.latch\.id\?v=\d+$/,
        ),
      })
    },
    async nameAvatar() {
      // A name without an avatar: a documented 404 in the error shape.
      const response = await call('nameAvatar', '/public/getNameAvatar/nobody.latch.id')
      expect(response.status).toBe(404)
      apiErrorSchema.parse(await response.json())
    },
    async nameProfile() {
      const body: { name: string } = await callJson(
        'nameProfile',
        `/v1/profile/account/contract.latch.id?${q}`,
      )
      expect(body.name).toBe('contract.latch.id')
      const resolved = await resolveAccountName(config, { name: 'Contract.latch.id' })
      expect(resolved).toEqual({ name: 'contract.latch.id', address: account.address })
    },
    async reverseNames() {
      const body: { name: string }[] = await callJson(
        'reverseNames',
        `/v1/profile/reverse/${account.address}?${q}`,
      )
      expect(body.map((profile) => profile.name)).toEqual(['contract.latch.id'])
      expect(await getAccountNames(config, { address: account.address })).toEqual(body)
    },
    async nameSuggestions() {
      const body: { suggestions: { name: string }[] } = await callJson(
        'nameSuggestions',
        `/v1/profile/suggestions/lantern?${q}`,
      )
      expect(await getNameSuggestions(config, { name: 'lantern' })).toEqual(body.suggestions)
    },
    async authNonce() {
      const body: { nonce: string } = await callJson('authNonce', `/v1/auth/nonce?${q}`, {
        method: 'POST',
        body: {},
      })
      expect(body.nonce).not.toBe(await getSiweNonce(config))
    },
    async createSession() {
      const { message } = createSignInMessage({
        address: account.address,
        chainId: chain.network.id,
        nonce: await getSiweNonce(config),
        domain: new URL(pageOrigin).host,
        uri: pageOrigin,
        appName: 'Latch',
      })
      const session = await signIn(config, { message })
      expect(session.address).toBe(account.address)
    },
    async sessions() {
      const body: { sessions: { id: string }[] } = await callJson(
        'sessions',
        `/v1/sessions/${account.address}?${q}`,
      )
      expect(body.sessions.length).toBeGreaterThan(0)
      expect(await getSessions(config, { address: account.address })).toEqual(body.sessions)
    },
    async revokeSession() {
      const [session] = await getSessions(config, { address: account.address })
      if (!session) throw new Error('No session to revoke.')
      await revokeSession(config, { id: session.id })
      // Revoking a revoked session answers the same.
      const signature = await account.signMessage({ message: `Revoke Latch session ${session.id}` })
      await callJson('revokeSession', `/v1/sessions/${account.address}/revoke?${q}`, {
        method: 'POST',
        body: { pci: session.id, signature },
      })
    },
    async tokenImage() {
      const response = await call(
        'tokenImage',
        `/public/getTokenImage/${chain.network.id}/0x0000000000000000000000000000000000000000`,
      )
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(
        apiRoutes.tokenImage.responses[200].contentType,
      )
    },
    async getWallets() {
      const body: { count: number; data: { id: string }[] } = await callJson(
        'getWallets',
        `/getWallets?${q}&entries=100`,
      )
      expect(body.count).toBeGreaterThan(0)
      const page = await getWallets(config, { entries: 100 })
      expect(page).toEqual(body)
    },
    async walletImage() {
      const { data } = await getWallets(config, { entries: 1 })
      const response = await call('walletImage', `/getWalletImage/${data[0]?.image_id}?${q}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(
        apiRoutes.walletImage.responses[200].contentType,
      )
    },
    async projectOrigins() {
      const body: { allowedOrigins: string[] } = await callJson(
        'projectOrigins',
        `/projects/v1/origins?${q}`,
      )
      expect(body.allowedOrigins.length).toBeGreaterThan(0)
    },
    async tokenSymbolImage() {
      const response = await call('tokenSymbolImage', '/public/getTokenImage/ETH')
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe(apiRoutes.tokenSymbolImage.cacheControl)
    },
    async assetImage() {
      const response = await call('assetImage', `/public/getAssetImage/eip155:${chain.network.id}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('cache-control')).toBe(apiRoutes.assetImage.cacheControl)
    },
    async currencyImage() {
      const response = await call('currencyImage', '/public/getCurrencyImage/USD')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe(
        apiRoutes.currencyImage.responses[200].contentType,
      )
    },
    async analyticsConfig() {
      // Off unless the operator turns it on: the test app sets nothing.
      const body: { isAnalyticsEnabled: boolean } = await callJson(
        'analyticsConfig',
        `/getAnalyticsConfig?${q}`,
      )
      expect(body).toEqual({ isAnalyticsEnabled: false })
    },
    async analyticsEvents() {
      const response = await call('analyticsEvents', `/e?${q}`, {
        method: 'POST',
        body: { props: { type: 'track', event: 'MODAL_OPEN' } },
      })
      // Off for this project: refused with a listed error status, nothing stored.
      expect(apiRoutes.analyticsEvents.errors).toContain(response.status)
      apiErrorSchema.parse(await response.json())
    },
    // The embedded wallet, in the frame's order: sign in, create the wallet, change the email,
    // export, approve a second device, sign out.
    async authEmailStart() {
      const body = await callAuth('authEmailStart', {
        method: 'POST',
        body: { projectId: testProjectId, email: embedded.email, deviceId: embedded.deviceId },
      })
      expect(body).toEqual({ action: 'VERIFY_OTP' })
    },
    async authEmailVerify() {
      const body: EmailVerifyResponse = await callAuth('authEmailVerify', {
        method: 'POST',
        body: {
          projectId: testProjectId,
          email: embedded.email,
          deviceId: embedded.deviceId,
          otp: lastCode(embedded.email),
        },
      })
      expect(body.user.email).toBe(embedded.email)
      embedded.token = body.token
    },
    async authUser() {
      const body: { email: string; address: null } = await callAuth('authUser')
      expect(body).toMatchObject({ email: embedded.email, address: null })
    },
    async authCreateWallet() {
      const body: { address: string; authShare: string } = await callAuth('authCreateWallet', {
        method: 'POST',
        body: { address: bob, authShare: 'YXV0aA==', sealedRecoveryShare: 'c2VhbGVk' },
      })
      expect(body).toMatchObject({ address: bob, authShare: 'YXV0aA==' })
    },
    async authEmailUpdate() {
      const body = await callAuth('authEmailUpdate', {
        method: 'POST',
        body: { email: 'contract-new@example.com' },
      })
      expect(body).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    },
    async authEmailUpdatePrimary() {
      const body = await callAuth('authEmailUpdatePrimary', {
        method: 'POST',
        body: { otp: lastCode(embedded.email) },
      })
      expect(body).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    },
    async authEmailUpdateSecondary() {
      embedded.email = 'contract-new@example.com'
      const body: { email: string } = await callAuth('authEmailUpdateSecondary', {
        method: 'POST',
        body: { otp: lastCode(embedded.email) },
      })
      expect(body.email).toBe(embedded.email)
    },
    async authExportStart() {
      expect(await callAuth('authExportStart', { method: 'POST', body: {} })).toEqual({ ok: true })
    },
    async authExportVerify() {
      const body = await callAuth('authExportVerify', {
        method: 'POST',
        body: { otp: lastCode(embedded.email) },
      })
      expect(body).toEqual({ ok: true })
    },
    async authDeviceApprove() {
      // A second device of a user with a wallet gets a link by email.
      const started = await app.request(apiRoutes.authEmailStart.path, {
        method: 'POST',
        headers: { origin: authOrigin, 'content-type': 'application/json' },
        body: JSON.stringify({
          projectId: testProjectId,
          email: embedded.email,
          deviceId: '1'.repeat(32),
        }),
      })
      expect(await started.json()).toEqual({ action: 'VERIFY_DEVICE' })
      const link = /(http\S+\/auth\/v1\/device\/approve\?token=[\w-]+)/.exec(
        mails.at(-1)?.text ?? '',
      )?.[1]
      const url = new URL(link ?? 'http://localhost/')
      expect(url.pathname).toBe(apiRoutes.authDeviceApprove.path)
      const response = await app.request(url.pathname + url.search)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain(
        apiRoutes.authDeviceApprove.responses[200].contentType,
      )
      expect(response.headers.get('cache-control')).toBe(apiRoutes.authDeviceApprove.cacheControl)
    },
    async authSignOut() {
      expect(await callAuth('authSignOut', { method: 'POST', body: {} })).toEqual({ ok: true })
      await expect(callAuth('authUser')).rejects.toThrow(/401.*SESSION_EXPIRED/)
    },
    async authSocialStart() {
      const body: { uri: string; state: string } = await callSocial('authSocialStart', {
        projectId: testProjectId,
        provider: 'google',
        deviceId: social.deviceId,
        flowSecretHash: secretHash(),
        appOrigin: pageOrigin,
        returnUrl: `${pageOrigin}/`,
        mode: 'popup',
      })
      social.state = body.state
      social.uri = body.uri
      const back = await completeOidcLogin({ authorizationUrl: body.uri, choice: 'ada' })
      social.callback = back.search
    },
    async authSocialCallback() {
      const route = apiRoutes.authSocialCallback
      const response = await app.request(`${route.path}${social.callback}`)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain(route.responses[200].contentType)
      expect(response.headers.get('cache-control')).toBe(route.cacheControl)
      expect(await response.text()).toContain(social.state)
    },
    async authSocialCallbackScript() {
      const route = apiRoutes.authSocialCallbackScript
      const response = await app.request(route.path)
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain(route.responses[200].contentType)
    },
    async authSocialVerify() {
      const body: EmailVerifyResponse = await callSocial('authSocialVerify', {
        projectId: testProjectId,
        provider: 'google',
        deviceId: social.deviceId,
        flowSecret: social.secret,
        callback: social.callback,
      })
      expect(body.user).toMatchObject({ signInMethod: 'google', username: 'ada_lovelace' })
    },
    async authFarcasterStart() {
      const body: { url: string; channelId: string } = await callSocial('authFarcasterStart', {
        projectId: testProjectId,
        deviceId: social.deviceId,
        flowSecretHash: secretHash(),
      })
      social.channelId = body.channelId
      expect(body.url).toMatch(/^http/)
    },
    async authFarcasterVerify() {
      expect(
        await callSocial('authFarcasterVerify', {
          projectId: testProjectId,
          deviceId: social.deviceId,
          channelId: social.channelId,
          flowSecret: social.secret,
        }),
      ).toEqual({ status: 'pending' })
    },
  }

  // In order: names and sessions are created before they are read.
  for (const [name, run] of Object.entries(cases)) test(`${name}: server and client agree`, run)
})
