import {
  anvilAccounts,
  createTestWallet,
  type StartTestAnvilReturnType,
  startTestAnvil,
  type TestWallet,
} from '@latch/test'
import {
  type Abi,
  type Address,
  createClient,
  encodeDeployData,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEther,
} from 'viem'
import { getBalance, readContract, waitForTransactionReceipt } from 'viem/actions'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connect } from '../actions/connect.ts'
import { estimateTransfer } from '../actions/estimateTransfer.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import type { FiatCurrency } from '../options/createLatchOptions.ts'
import { createFakeConnector } from '../testing/createFakeConnector.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import type { FetchLike, Hex } from '../types.ts'
import { createSendFlow, type SendFlow, type SendFlowState } from './createSendFlow.ts'
import { formatSendFormMessage, type SendFormMessage } from './formatSendFormMessage.ts'
import { formatTokenUnits } from './formatTokenUnits.ts'

let anvil: StartTestAnvilReturnType
/** The EIP-1193 test wallet of anvil's first account: it signs and sends itself. */
let testWallet: TestWallet
/** A real ERC-20 (the devnet's LatchToken, 6 decimals) deployed by the sender, who mints. */
let lusd: Address
/** anvil's first account: it deploys and owns LUSD, and sends in every test. */
const testAccount = anvilAccounts[0] as (typeof anvilAccounts)[number]
const sender = testAccount.address
const chainId = 31337
const zeroAddress = '0x0000000000000000000000000000000000000000'
const nativeId = `eip155:${chainId}:${zeroAddress}`

/** The devnet's compiled LatchToken (tests run from the repository root). */
function readLatchToken(): { abi: Abi; bytecode: Hex } {
  const host = globalThis as unknown as {
    process: {
      cwd(): string
      getBuiltinModule(id: 'node:fs'): { readFileSync(path: string, encoding: 'utf8'): string }
    }
  }
  const path = `${host.process.cwd()}/apps/devnet/artifacts/LatchToken.json`
  return JSON.parse(host.process.getBuiltinModule('node:fs').readFileSync(path, 'utf8'))
}

/** Sends a transaction from the test wallet and waits for its receipt. */
async function transact(transaction: { to?: Address; data: Hex }) {
  const hash = await testWallet.request({
    method: 'eth_sendTransaction',
    params: [{ from: sender, ...transaction }],
  })
  return waitForTransactionReceipt(client(), { hash: hash as Hex })
}

beforeAll(async () => {
  anvil = await startTestAnvil({ chainId })
  testWallet = createTestWallet({
    chains: [{ id: chainId, rpcUrl: anvil.rpcUrl }],
    privateKey: testAccount.privateKey,
  })
  const latchToken = readLatchToken()
  const deployed = await transact({
    data: encodeDeployData({
      abi: latchToken.abi,
      bytecode: latchToken.bytecode as Hex,
      args: ['Latch USD', 'LUSD', 6],
    }),
  })
  if (!deployed.contractAddress) throw new Error('LatchToken was not deployed.')
  lusd = deployed.contractAddress
  await transact({
    to: lusd,
    data: encodeFunctionData({
      abi: latchToken.abi,
      functionName: 'mint',
      args: [sender, 1_000_000_000n],
    }),
  })
})
afterAll(() => anvil?.stop())

const client = () => createClient({ transport: http(anvil.rpcUrl) })
const lusdId = () => `eip155:${chainId}:${lusd}`
/** A fresh address per test, so balances start at zero. */
const freshAddress = () =>
  `0x${Array.from({ length: 40 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`

/**
 * The Latch API as far as the Send form uses it: balances read from anvil (the coin and
 * LUSD, with prices in the asked currency) and account names with per-chain addresses.
 */
function createSendApi(names: Record<string, Record<string, string>> = {}) {
  const calls: URL[] = []
  const fetch: FetchLike = async (url) => {
    const parsed = new URL(url)
    calls.push(parsed)
    const balance = /^\/v1\/account\/([^/]+)\/balance$/.exec(parsed.pathname)
    const name = /^\/v1\/profile\/account\/([^/]+)$/.exec(parsed.pathname)
    const price = parsed.searchParams.get('currency') === 'eur' ? 0.5 : 2
    let body: unknown = { error: { code: 'NOT_FOUND', message: 'No such route.' } }
    let status = 404
    if (balance?.[1]) {
      const owner = balance[1] as Address
      const coin = await getBalance(client(), { address: owner })
      const token = await readContract(client(), {
        address: lusd,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [owner],
      })
      status = 200
      body = {
        balances: [
          {
            name: 'Ether',
            symbol: 'ETH',
            chainId: `eip155:${chainId}`,
            address: nativeId,
            price: price * 1000,
            quantity: { decimals: '18', numeric: formatTokenUnits(coin, 18) },
            iconUrl: '',
          },
          {
            name: 'Latch USD',
            symbol: 'LUSD',
            chainId: `eip155:${chainId}`,
            address: lusdId(),
            price,
            quantity: { decimals: '6', numeric: formatTokenUnits(token, 6) },
            iconUrl: '',
          },
        ],
      }
    } else if (name?.[1] && names[decodeURIComponent(name[1])]) {
      const addresses = names[decodeURIComponent(name[1])] ?? {}
      status = 200
      body = {
        name: decodeURIComponent(name[1]),
        addresses: Object.fromEntries(
          Object.entries(addresses).map(([coinType, address]) => [
            coinType,
            { address, created: '2026-11-24T12:00:00.000Z' },
          ]),
        ),
        attributes: [],
        registered_at: '2026-11-24T12:00:00.000Z',
        updated_at: '2026-11-24T12:00:00.000Z',
        created_at: '2026-11-24T12:00:00.000Z',
      }
    }
    return { ok: status < 400, status, json: async () => body }
  }
  return { fetch, calls }
}

/** A config connected through a fake wallet whose requests go to the test wallet. */
async function connected(
  options: {
    names?: Record<string, Record<string, string>>
    currency?: FiatCurrency
    /** Another chain the app configures (its RPC the same anvil, for reads only). */
    otherChainId?: number
  } = {},
) {
  const api = createSendApi(options.names)
  const wallet = createFakeConnector()
  wallet.answer((args) => testWallet.request(args))
  const config = createLatchConfig({
    networks: [
      {
        id: chainId,
        name: 'Latch Devnet',
        caipNetworkId: `eip155:${chainId}`,
        rpcUrl: anvil.rpcUrl,
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
      ...(options.otherChainId
        ? [
            {
              id: options.otherChainId,
              name: 'Other',
              caipNetworkId: `eip155:${options.otherChainId}`,
              rpcUrl: anvil.rpcUrl,
              nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
            },
          ]
        : []),
    ],
    apiUrl: 'http://api.test',
    projectId: 'p',
    connectors: [wallet.connector],
    fetch: api.fetch,
    options: { currency: options.currency },
  })
  const attempt = connect(config, { connectorId: 'fake' })
  wallet.approve([sender], chainId)
  await attempt
  return { config, wallet, api }
}

/** Waits for the flow to reach a state (the flow is watched meanwhile, as a view does). */
function until(flow: SendFlow, predicate: (state: SendFlowState) => boolean) {
  return new Promise<SendFlowState>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`Timed out; state: ${describeState(flow.getState())}`)),
      10_000,
    )
    const check = (state: SendFlowState) => {
      if (!predicate(state)) return
      clearTimeout(timer)
      unsubscribe()
      resolve(state)
    }
    const unsubscribe = flow.subscribe(check)
    check(flow.getState())
  })
}

function describeState(state: SendFlowState): string {
  return JSON.stringify(state, (_, value) => (typeof value === 'bigint' ? `${value}n` : value))
}

const text = (message: SendFormMessage | undefined) =>
  message ? formatSendFormMessage(message) : undefined

/** A flow watched for the whole test, its balances loaded. */
async function loadedFlow(setup: Awaited<ReturnType<typeof connected>>, debounceMs = 0) {
  const flow = createSendFlow(setup.config, { debounceMs })
  const stop = flow.subscribe(() => {})
  await until(flow, (state) => state.tokensStatus === 'success')
  return { flow, stop }
}

describe('createSendFlow', () => {
  it("validates in the spec's words, missing fields once the person tries to send", async () => {
    const setup = await connected()
    const { flow, stop } = await loadedFlow(setup)
    let state = flow.getState()
    expect(state.submitted).toBe(false)
    expect(text(state.validation.token)).toBe('A token is required')
    expect(text(state.validation.form)).toBe('An amount and receiver address are required')
    expect(await flow.submit()).toEqual({ status: 'invalid' })
    state = flow.getState()
    expect(state.submitted).toBe(true)
    expect(state.validation.token?.required).toBe(true)

    flow.setToken(lusdId())
    flow.setAmount('1000.000001')
    flow.setReceiver(freshAddress())
    expect(text(flow.getState().validation.amount)).toBe(
      'The amount is more than your LUSD balance',
    )
    flow.setAmount('1.0000001')
    expect(text(flow.getState().validation.amount)).toBe('LUSD has at most 6 decimals')
    flow.setReceiver('nobody.latch.id')
    state = await until(flow, (s) => s.name?.status === 'error')
    expect(text(state.validation.receiver)).toBe('Error resolving name')
    expect(state.name).toMatchObject({
      name: 'nobody.latch.id',
      error: { name: 'AccountNameResolutionError' },
    })
    flow.setReceiver('alice')
    expect(text(flow.getState().validation.receiver)).toBe(
      'Enter a valid address or a name ending in .latch.id',
    )
    // Nothing was asked of the wallet.
    expect(setup.wallet.requests.map((request) => request.method)).not.toContain(
      'eth_sendTransaction',
    )
    stop()
  })

  it('estimates the fee of the transfer as typed, and keeps it for the coin (insufficient)', async () => {
    const setup = await connected()
    const { flow, stop } = await loadedFlow(setup)
    const to = freshAddress()
    flow.setToken(nativeId)
    flow.setReceiver(to)
    flow.setAmount('1')
    const state = await until(flow, (s) => s.fee.status === 'success' && s.amount === '1')
    const expected = await estimateTransfer(setup.config, {
      to,
      token: { address: nativeId },
      amount: parseEther('1'),
    })
    expect(state.fee.value).toBe(expected.fee)
    expect(state.fee.value).toBeGreaterThan(0n)
    // The whole balance leaves nothing for the fee.
    const coin = state.tokens.find((token) => token.native)
    flow.setAmount(formatTokenUnits(coin?.balance ?? 0n, 18))
    expect(text(flow.getState().validation.amount)).toBe('Not enough ETH left for the network fee')
    stop()
  })

  it('Max: the whole token balance, or the coin less its fee × 1.2', async () => {
    const setup = await connected()
    const { flow, stop } = await loadedFlow(setup)
    flow.setToken(lusdId())
    await flow.max()
    const token = flow.getState().tokens.find((entry) => entry.id === lusdId())
    expect(flow.getState().amount).toBe(formatTokenUnits(token?.balance ?? 0n, 6))

    flow.setToken(nativeId)
    await flow.max()
    const state = flow.getState()
    const coin = state.tokens.find((entry) => entry.native)
    const { fee } = await estimateTransfer(setup.config, { token: { address: nativeId } })
    const reserve = (fee * 12n + 9n) / 10n
    expect(state.amount).toBe(formatTokenUnits((coin?.balance ?? 0n) - reserve, 18))
    expect(state.validation.amount).toBeUndefined()
    stop()
  })

  it('sends the coin, empties the form after the receipt and reads balances again', async () => {
    const setup = await connected({ currency: 'eur' })
    const { flow, stop } = await loadedFlow(setup)
    const to = freshAddress()
    flow.setToken(nativeId)
    flow.setAmount('1.5')
    flow.setReceiver(to)
    const statuses: string[] = []
    const watch = flow.subscribe((state) => {
      if (state.transfer && statuses.at(-1) !== state.transfer.status)
        statuses.push(state.transfer.status)
    })
    const result = await flow.submit()
    watch()
    expect(result).toMatchObject({
      status: 'sent',
      amount: parseEther('1.5'),
      amountText: '1.5',
      to,
      toLabel: to,
      token: { symbol: 'ETH', decimals: 18 },
      hash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    })
    expect(statuses).toEqual(['approving', 'confirming'])
    expect(await getBalance(client(), { address: to as Hex })).toBe(parseEther('1.5'))
    const state = flow.getState()
    expect(state).toMatchObject({
      tokenId: undefined,
      amount: '',
      receiver: '',
      submitted: false,
      transfer: undefined,
      failure: undefined,
      sent: { amountText: '1.5', token: { symbol: 'ETH' } },
    })
    // Balances read again past the API's cache, in the person's currency.
    if (result.status !== 'sent') throw new Error(result.status)
    await result.refreshed
    expect(setup.api.calls.at(-1)?.searchParams.get('forceUpdate')).toBe('true')
    const balanceCalls = setup.api.calls.filter((url) => url.pathname.endsWith('/balance'))
    expect(balanceCalls.map((url) => url.searchParams.get('currency'))).toEqual(
      balanceCalls.map(() => 'eur'),
    )
    expect(state.currency).toBe('eur')
    expect(state.nativePrice).toBe(500)
    stop()
  })

  it('sends an ERC-20 token to a name, resolved on the current chain', async () => {
    const chainAddress = freshAddress()
    const setup = await connected({
      // ENSIP-11: the chain's own coin type (2^31 + 31337) wins over the EVM one (60).
      names: {
        'alice.latch.id': { '60': freshAddress(), [String(0x80000000 + chainId)]: chainAddress },
      },
    })
    const { flow, stop } = await loadedFlow(setup)
    flow.setToken(lusdId())
    flow.setAmount('2.5')
    flow.setReceiver('Alice.latch.id')
    await until(flow, (state) => state.name?.status === 'success')
    const resolve = setup.api.calls.find((url) => url.pathname.startsWith('/v1/profile/account/'))
    expect(resolve?.searchParams.get('chainId')).toBe(String(chainId))
    const result = await flow.submit()
    expect(result).toMatchObject({ status: 'sent', toLabel: 'alice.latch.id', amount: 2_500_000n })
    const received = await readContract(client(), {
      address: lusd,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [chainAddress as Address],
    })
    expect(received).toBe(2_500_000n)
    stop()
  })

  it("returns to the form with its inputs on a declined signature ('Signature declined')", async () => {
    const setup = await connected()
    const { flow, stop } = await loadedFlow(setup)
    const to = freshAddress()
    flow.setToken(lusdId())
    flow.setAmount('1')
    flow.setReceiver(to)
    // The person declines in the wallet (EIP-1193 4001).
    testWallet.queue('eth_sendTransaction', 'reject')
    const result = await flow.submit()
    expect(result.status).toBe('declined')
    const state = flow.getState()
    expect(state).toMatchObject({
      tokenId: lusdId(),
      amount: '1',
      receiver: to,
      transfer: undefined,
    })
    expect(state.failure).toMatchObject({
      name: 'SignatureDeclinedError',
      shortMessage: 'Signature declined.',
      cause: { name: 'UserRejectedRequestError' },
    })
    // Typing again clears it; the form can be sent again.
    flow.setAmount('2')
    expect(flow.getState().failure).toBeUndefined()
    stop()
  })

  it("says 'Unsupported chain' for a namespace without a sender, and sends nothing", async () => {
    const setup = await connected()
    Object.assign(setup.wallet.connector, { chainNamespace: 'cosmos' })
    const { flow, stop } = await loadedFlow(setup)
    flow.setToken(lusdId())
    flow.setAmount('1')
    flow.setReceiver(freshAddress())
    const state = flow.getState()
    expect(state.unsupportedChain).toBe(true)
    expect(text(state.validation.form)).toBe('Unsupported chain')
    expect(await flow.submit()).toEqual({ status: 'invalid' })
    stop()
  })

  it('resets the form; names wait for typing to settle', async () => {
    const setup = await connected({ names: { 'bob.latch.id': { '60': freshAddress() } } })
    const clock = createFakeScheduler()
    const flow = createSendFlow(setup.config, { scheduler: clock.scheduler, feeRefreshMs: 0 })
    const stop = flow.subscribe(() => {})
    await until(flow, (state) => state.tokensStatus === 'success')
    flow.setToken(lusdId())
    flow.setReceiver('bob.latch.id')
    flow.setAmount('3')
    clock.advance(299)
    const resolving = () =>
      setup.api.calls.filter((url) => url.pathname.startsWith('/v1/profile/account/'))
    expect(resolving()).toEqual([])
    expect(flow.getState().name).toEqual({ name: 'bob.latch.id', status: 'pending' })
    clock.advance(1)
    await until(flow, (state) => state.name?.status === 'success')
    expect(resolving()).toHaveLength(1)

    flow.reset()
    expect(flow.getState()).toMatchObject({
      tokenId: undefined,
      amount: '',
      receiver: '',
      submitted: false,
      name: undefined,
      fee: { status: 'idle' },
    })
    // A name seen a moment ago is not asked again.
    flow.setReceiver('bob.latch.id')
    expect(flow.getState().name?.status).toBe('success')
    expect(resolving()).toHaveLength(1)
    stop()
  })

  it('resolves the name again on the chain the wallet switches to', async () => {
    const evmAddress = freshAddress()
    const devnetAddress = freshAddress()
    const setup = await connected({
      otherChainId: 1,
      // Chain 1's coin type is 60 itself; 31337 has its own entry.
      names: {
        'carol.latch.id': { '60': evmAddress, [String(0x80000000 + chainId)]: devnetAddress },
      },
    })
    const { flow, stop } = await loadedFlow(setup)
    flow.setReceiver('carol.latch.id')
    let state = await until(flow, (s) => s.name?.status === 'success')
    expect(state.name).toMatchObject({
      address: expect.stringMatching(new RegExp(devnetAddress.slice(2), 'i')),
    })

    setup.wallet.emitter.emit('chainChanged', 1)
    state = await until(
      flow,
      (s) =>
        s.chainId === 1 &&
        s.name?.status === 'success' &&
        s.name.address.toLowerCase() === evmAddress.toLowerCase(),
    )
    const asked = setup.api.calls
      .filter((url) => url.pathname === '/v1/profile/account/carol.latch.id')
      .map((url) => url.searchParams.get('chainId'))
    expect(asked).toEqual([String(chainId), '1'])
    stop()
  })

  it('estimates the fee again every feeRefreshMs while watched, and stops when left', async () => {
    const setup = await connected()
    const clock = createFakeScheduler()
    const flow = createSendFlow(setup.config, { scheduler: clock.scheduler, feeRefreshMs: 15_000 })
    let asked = 0
    const stop = flow.subscribe((state, previous) => {
      if (state.fee.status === 'pending' && previous.fee.status !== 'pending') asked += 1
    })
    await until(flow, (state) => state.tokensStatus === 'success')
    flow.setToken(nativeId)
    clock.advance(0)
    await until(flow, (state) => state.fee.status === 'success')
    expect(asked).toBe(1)
    clock.advance(14_999)
    expect(asked).toBe(1)
    clock.advance(1)
    await until(flow, (state) => state.fee.status === 'success')
    expect(asked).toBe(2)
    stop()
    clock.advance(60_000)
    expect(asked).toBe(2)
    expect(clock.pending()).toBe(0)
  })

  it("drops a name's answer that comes after the receiver changed", async () => {
    const setup = await connected({
      names: {
        'alice.latch.id': { '60': freshAddress() },
        'bobby.latch.id': { '60': freshAddress() },
      },
    })
    const clock = createFakeScheduler()
    const flow = createSendFlow(setup.config, { scheduler: clock.scheduler, feeRefreshMs: 0 })
    const stop = flow.subscribe(() => {})
    flow.setReceiver('alice.latch.id')
    clock.advance(300)
    // Alice's answer is on its way; the person types another name.
    flow.setReceiver('bobby.latch.id')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(flow.getState().name).toEqual({ name: 'bobby.latch.id', status: 'pending' })
    clock.advance(300)
    const state = await until(flow, (s) => s.name?.status === 'success')
    expect(state.name?.name).toBe('bobby.latch.id')
    stop()
  })
})
