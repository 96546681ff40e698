import { nativeCoinAddress, type SwapQuote } from '@latch/api-contract'
import {
  anvilAccounts,
  createTestWallet,
  deploySimple7702Account,
  startTestAnvil,
} from '@latch/test'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect } from '../actions/connect.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createFakeConnector, createTestStorage } from '../testing/createFakeConnector.ts'
import { testNetwork } from '../testing/createFakeLatchApi.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import type { FetchLike } from '../types.ts'
import { createSwapFlow, type SwapFlow } from './createSwapFlow.ts'

const user = (anvilAccounts[0] as (typeof anvilAccounts)[0]).address
const lusd = 'eip155:31337:0x1111111111111111111111111111111111111111'
const alpha = 'eip155:31337:0x2222222222222222222222222222222222222222'
const eth = `eip155:31337:${nativeCoinAddress}`
const router = 'eip155:31337:0x3333333333333333333333333333333333333333'

type Call = { path: string; query: URLSearchParams; body: unknown; signal: AbortSignal | undefined }
type Answer = { status: number; body: unknown }

const token = (address: string, symbol: string, decimals: number) => ({
  name: symbol,
  symbol,
  address,
  decimals,
  logoUri: `/public/getTokenImage/${symbol}`,
  eip2612: false,
  price: 1,
})

function quoteOf(query: URLSearchParams, overrides: Partial<SwapQuote> = {}): SwapQuote {
  const amount = query.get('amount') ?? '0'
  return {
    id: null,
    fromAmount: amount,
    fromAccount: query.get('from') ?? '',
    toAmount: ((BigInt(amount) * 10n ** 12n) / 2n).toString(),
    toAccount: query.get('to') ?? '',
    source: 'uniswap-v2',
    route: [],
    rate: '0.5',
    priceImpact: 0.1,
    minimumReceived: '1',
    slippage: Number(query.get('slippage') ?? 1),
    fee: { amount: '0', percent: 0.3, token: query.get('from') ?? '' },
    estimatedGas: '150000',
    networkFee: '1500000000000',
    spender: router,
    expiresAt: new Date(Date.now() + 30_000).toISOString(),
    ...overrides,
  }
}

/** A scripted convert API: each path answered by a function of the call (held when it returns a promise). */
function createFakeConvertApi() {
  const calls: Call[] = []
  const handlers = new Map<string, (call: Call) => Answer | Promise<Answer>>([
    [
      '/v1/convert/tokens',
      () => ({
        status: 200,
        body: {
          tokens: [token(eth, 'ETH', 18), token(lusd, 'LUSD', 6), token(alpha, 'ALPHA', 18)],
        },
      }),
    ],
    [
      `/v1/account/${user}/balance`,
      () => ({
        status: 200,
        body: {
          balances: [
            {
              name: 'Ether',
              symbol: 'ETH',
              chainId: 'eip155:31337',
              address: eth,
              price: 3000,
              quantity: { decimals: '18', numeric: '10' },
              iconUrl: '',
            },
            {
              name: 'Latch USD',
              symbol: 'LUSD',
              chainId: 'eip155:31337',
              address: lusd,
              price: 1,
              quantity: { decimals: '6', numeric: '100' },
              iconUrl: '',
            },
          ],
        },
      }),
    ],
    ['/v1/convert/quotes', (call) => ({ status: 200, body: { quotes: [quoteOf(call.query)] } })],
    ['/v1/convert/allowance', () => ({ status: 200, body: { allowance: '0', spender: router } })],
  ])
  const fetch: FetchLike = async (url, init) => {
    const parsed = new URL(url)
    const call = {
      path: parsed.pathname,
      query: parsed.searchParams,
      body: init?.body ? JSON.parse(init.body) : undefined,
      signal: init?.signal as AbortSignal | undefined,
    }
    calls.push(call)
    const handler = handlers.get(parsed.pathname)
    const answer = handler
      ? await handler(call)
      : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not found.' } } }
    return { ok: answer.status < 400, status: answer.status, json: async () => answer.body }
  }
  return {
    fetch,
    calls,
    handle: (path: string, handler: (call: Call) => Answer | Promise<Answer>) =>
      handlers.set(path, handler),
  }
}

const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((resolve) => setImmediate(resolve))
}

async function setup(
  options: {
    rpcUrl?: string
    answer?: (args: { method: string; params?: unknown }) => unknown
  } = {},
) {
  const api = createFakeConvertApi()
  const fake = createFakeScheduler()
  const wallet = createFakeConnector()
  if (options.answer) wallet.answer(options.answer)
  const config = createLatchConfig({
    networks: [{ ...testNetwork, rpcUrl: options.rpcUrl ?? testNetwork.rpcUrl }],
    apiUrl: 'http://api.test',
    projectId: 'p',
    connectors: [wallet.connector],
    storage: createTestStorage(),
    fetch: api.fetch,
  })
  const attempt = connect(config, { connectorId: 'fake' })
  wallet.approve([user], 31337)
  await attempt
  const flow = createSwapFlow(config, { scheduler: fake.scheduler, quoteRefreshMs: 0 })
  const stop = flow.subscribe(() => {})
  await flush()
  return { api, fake, wallet, config, flow, stop }
}

async function typeAmount(
  flow: SwapFlow,
  fake: ReturnType<typeof createFakeScheduler>,
  amount: string,
) {
  flow.setAmount(amount)
  fake.advance(400)
  await flush()
}

describe('createSwapFlow (a scripted API)', () => {
  it('lists the tokens with their balances, the native coin sold by default', async () => {
    const { flow, stop } = await setup()
    const state = flow.getState()
    expect(state.tokensStatus).toBe('success')
    expect(state.tokens.map((entry) => [entry.symbol, entry.balance, entry.native])).toEqual([
      ['ETH', 10n * 10n ** 18n, true],
      ['LUSD', 100_000_000n, false],
      ['ALPHA', 0n, false],
    ])
    expect(state.tokens[1]?.logoUri).toBe('http://api.test/public/getTokenImage/LUSD')
    expect(state.from).toBe(eth)
    expect(state.issue).toBe('selectTokens')
    stop()
  })

  it('aborts the quote in flight when the amount changes; only the last one counts', async () => {
    const { api, fake, flow, stop } = await setup()
    const held: { call: Call; release: () => void }[] = []
    api.handle(
      '/v1/convert/quotes',
      (call) =>
        new Promise((resolve) =>
          held.push({
            call,
            release: () => resolve({ status: 200, body: { quotes: [quoteOf(call.query)] } }),
          }),
        ),
    )
    flow.setToken('from', lusd)
    flow.setToken('to', alpha)
    await typeAmount(flow, fake, '1')
    expect(flow.getState().issue).toBe('quoteLoading')
    // Typing again before the debounce ends asks nothing for "2".
    flow.setAmount('2')
    fake.advance(100)
    await typeAmount(flow, fake, '3')
    expect(held.map((entry) => entry.call.query.get('amount'))).toEqual(['1000000', '3000000'])
    expect(held[0]?.call.signal?.aborted).toBe(true)
    expect(held[1]?.call.signal?.aborted).toBe(false)
    for (const entry of held) entry.release()
    await flush()
    expect(flow.getState().quote.value?.fromAmount).toBe('3000000')
    expect(flow.getState().quote.status).toBe('success')
    // No tolerance chosen: the API's default is asked for and shown; a chosen one is sent.
    expect(held[1]?.call.query.has('slippage')).toBe(false)
    flow.setSlippage(0.5)
    fake.advance(400)
    await flush()
    expect(held[2]?.call.query.get('slippage')).toBe('0.5')
    stop()
  })

  it('a short allowance asks for an approval first; the native coin never does', async () => {
    const { fake, flow, stop } = await setup()
    flow.setToken('from', lusd)
    flow.setToken('to', alpha)
    await typeAmount(flow, fake, '5')
    expect(flow.getState()).toMatchObject({ issue: undefined, needsApproval: true })
    expect(await flow.swap()).toEqual({ status: 'invalid' })
    flow.setToken('from', eth)
    await typeAmount(flow, fake, '1')
    expect(flow.getState()).toMatchObject({ issue: undefined, needsApproval: false })
    stop()
  })

  it('says why before signing: balance, no route, network, expired quote, price impact', async () => {
    const { api, fake, flow, stop } = await setup()
    flow.setToken('from', lusd)
    flow.setToken('to', alpha)
    await typeAmount(flow, fake, '101')
    expect(flow.getState().issue).toBe('insufficientBalance')
    await typeAmount(flow, fake, '1.1234567')
    expect(flow.getState().issue).toBe('invalidAmount')

    api.handle('/v1/convert/quotes', () => ({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'No route from "a" to "b".' } },
    }))
    await typeAmount(flow, fake, '1')
    expect(flow.getState().issue).toBe('noRoute')

    api.handle('/v1/convert/quotes', (call) => ({
      status: 200,
      body: {
        quotes: [
          quoteOf(call.query, {
            priceImpact: 7.5,
            expiresAt: new Date(Date.now() - 1000).toISOString(),
          }),
        ],
      },
    }))
    await typeAmount(flow, fake, '2')
    expect(flow.getState()).toMatchObject({ highPriceImpact: true })
    // Its expiry timer fires at once: the quote is marked, and a swap asks a new one first.
    fake.advance(0)
    expect(flow.getState().issue).toBe('quoteExpired')
    const before = api.calls.filter((call) => call.path === '/v1/convert/quotes').length
    expect(await flow.swap()).toEqual({ status: 'expired' })
    fake.advance(0)
    await flush()
    expect(api.calls.filter((call) => call.path === '/v1/convert/quotes').length).toBe(before + 1)
    stop()

    const other = await setup()
    other.api.handle('/v1/convert/tokens', () => ({
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'Network not supported for Swaps' } },
    }))
    await other.flow.refresh()
    expect(other.flow.getState()).toMatchObject({
      tokensStatus: 'unsupported',
      issue: 'networkNotSupported',
    })
    other.stop()
  })
})

describe('createSwapFlow on anvil (the wallet sends, the receipt is awaited)', () => {
  let anvil: Awaited<ReturnType<typeof startTestAnvil>>
  beforeAll(async () => {
    anvil = await startTestAnvil()
  })
  afterAll(() => anvil?.stop())

  it('approves (exact), then swaps through the wallet; a declined swap is no failure toast', async () => {
    const { api, fake, flow, wallet, stop } = await setup({
      rpcUrl: anvil.rpcUrl,
      answer: (args) => anvil.wallet.request(args as never),
    })
    let allowance = 0n
    api.handle('/v1/convert/allowance', () => ({
      status: 200,
      body: { allowance: allowance.toString(), spender: router },
    }))
    api.handle('/v1/convert/build-approve', (call) => {
      allowance = BigInt(call.query.get('amount') ?? '0')
      return {
        status: 200,
        body: {
          tx: {
            from: lusd,
            to: lusd,
            data: '0x095ea7b3',
            value: '0',
            eip155: { gas: 60000, gasPrice: '1' },
          },
          spender: router,
          amount: allowance.toString(),
        },
      }
    })
    api.handle('/v1/convert/build-transaction', () => ({
      status: 200,
      body: {
        tx: {
          from: `eip155:31337:${user}`,
          to: router,
          data: '0x38ed1739',
          amount: '1',
          value: '0',
          eip155: { gas: '200000', gasPrice: '1' },
        },
        minimumReceived: '1',
        slippage: 1,
        source: 'uniswap-v2',
        route: [],
        deadline: 0,
        simulated: true,
      },
    }))
    const events: string[] = []
    flow.onEvent((event) => events.push(event.type))
    flow.setToken('from', lusd)
    flow.setToken('to', alpha)
    await typeAmount(flow, fake, '5')
    expect(flow.getState().needsApproval).toBe(true)

    expect(await flow.approve()).toEqual({ status: 'done' })
    expect(
      api.calls.find((call) => call.path === '/v1/convert/build-approve')?.query.get('amount'),
    ).toBe('5000000')
    expect(flow.getState()).toMatchObject({
      needsApproval: false,
      issue: undefined,
      step: undefined,
    })
    expect(events).toEqual(['submitted', 'approved'])

    wallet.answer((args) => {
      if (args.method === 'eth_sendTransaction')
        throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
      return anvil.wallet.request(args as never)
    })
    expect((await flow.swap()).status).toBe('declined')
    expect(flow.getState().failure?.name).toBe('SignatureDeclinedError')
    expect(events).toEqual(['submitted', 'approved'])

    wallet.answer((args) => anvil.wallet.request(args as never))
    await typeAmount(flow, fake, '5')
    expect(await flow.swap()).toEqual({ status: 'done' })
    const body = api.calls.find((call) => call.path === '/v1/convert/build-transaction')?.body
    expect(body).toMatchObject({
      amount: '5000000',
      from: lusd,
      to: alpha,
      eip155: { slippage: 1 },
      toAmount: '2500000000000000000',
    })
    expect(flow.getState()).toMatchObject({
      amount: '',
      swapped: { from: { amount: '5', symbol: 'LUSD' }, to: { amount: '2.5', symbol: 'ALPHA' } },
    })
    expect(events).toEqual(['submitted', 'approved', 'submitted', 'swapped'])
    stop()
  }, 30_000)

  it('a wallet with atomic batches: approve and swap in ONE wallet_sendCalls, one confirmation', async () => {
    const delegate = await deploySimple7702Account({ rpc: anvil.rpc, from: user })
    const batchWallet = createTestWallet({
      chains: [
        { id: 31337, rpcUrl: anvil.rpcUrl, accountAbstraction: { simple7702Account: delegate } },
      ],
      privateKey: (anvilAccounts[0] as (typeof anvilAccounts)[0]).privateKey,
      eip5792: true,
    })
    const { api, fake, flow, wallet, config, stop } = await setup({
      rpcUrl: anvil.rpcUrl,
      answer: (args) => batchWallet.request(args as never),
    })
    api.handle('/v1/convert/build-approve', () => ({
      status: 200,
      body: {
        tx: {
          from: lusd,
          to: lusd,
          data: '0x095ea7b3',
          value: '0',
          eip155: { gas: 60000, gasPrice: '1' },
        },
        spender: router,
        amount: '5000000',
      },
    }))
    api.handle('/v1/convert/build-transaction', () => ({
      status: 200,
      body: {
        tx: {
          from: `eip155:31337:${user}`,
          to: router,
          data: '0x38ed1739',
          amount: '1',
          value: '0',
          eip155: { gas: '200000', gasPrice: '1' },
        },
        minimumReceived: '1',
        slippage: 1,
        source: 'uniswap-v2',
        route: [],
        deadline: 0,
        simulated: false,
      },
    }))
    const events: string[] = []
    flow.onEvent((event) => events.push(event.type))
    const settled: unknown[] = []
    config.transactions.watch((transaction) => settled.push(transaction))
    flow.setToken('from', lusd)
    flow.setToken('to', alpha)
    await typeAmount(flow, fake, '5')
    expect(flow.getState()).toMatchObject({
      batch: true,
      needsApproval: false,
      approvalInBatch: true,
      issue: undefined,
    })

    // Declined in the wallet: the same 'declined' path, nothing sent.
    batchWallet.queue('wallet_sendCalls', 'reject')
    expect((await flow.swap()).status).toBe('declined')
    expect(events).toEqual([])

    await typeAmount(flow, fake, '5')
    const asked = wallet.requests.length
    expect(await flow.swap()).toEqual({ status: 'done' })
    const sent = wallet.requests.slice(asked).map((request) => request.method)
    expect(sent.filter((method) => method === 'wallet_sendCalls')).toHaveLength(1)
    expect(sent).not.toContain('eth_sendTransaction')
    const batch = wallet.requests.find((request) => request.method === 'wallet_sendCalls')
    expect(batch?.params).toMatchObject([
      {
        atomicRequired: true,
        calls: [
          { to: lusd.slice(-42), data: '0x095ea7b3' },
          { to: router.slice(-42), data: '0x38ed1739' },
        ],
      },
    ])
    // The API cannot simulate a swap whose approval is not on chain yet.
    const body = api.calls.findLast((call) => call.path === '/v1/convert/build-transaction')?.body
    expect(body).toMatchObject({ disableEstimate: true })
    const hash = flow.getState().swapped?.hash
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    // Tracked as any swap: pending, then settled (and so no longer pending).
    expect(settled).toMatchObject([{ hash, status: 'confirmed' }])
    expect(config.transactions.getState()).toEqual([])
    expect(events).toEqual(['submitted', 'swapped'])
    stop()
  }, 30_000)
})
