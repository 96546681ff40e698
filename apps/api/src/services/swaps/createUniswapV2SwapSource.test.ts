import type { DevnetChain } from '@latch/api-contract'
import { type StartTestDevnetReturnType, startTestDevnet } from '@latch/test'
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  maxUint256,
  type PublicClient,
  parseAbi,
  parseEther,
  parseUnits,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { NoSwapRouteError } from '../../errors/swap.ts'
import { createUniswapV2SwapSource, uniswapV2RouterAbi } from './createUniswapV2SwapSource.ts'
import { getUniswapV2AmountOut } from './getUniswapV2AmountOut.ts'
import { type SwapSource, swapNativeAddress } from './swapSource.ts'

let devnet: StartTestDevnetReturnType
let chain: DevnetChain
let client: PublicClient
let source: SwapSource
const token = (symbol: string) =>
  getAddress(chain.tokens.find((entry) => entry.symbol === symbol)?.address as Address)

beforeAll(async () => {
  devnet = await startTestDevnet()
  chain = devnet.manifest.chains[0] as DevnetChain
  client = createPublicClient({ transport: http(chain.rpcUrl) }) as PublicClient
  source = createUniswapV2SwapSource({
    chains: new Map([
      [
        chain.id,
        {
          client,
          deployment: {
            router: getAddress(chain.contracts.uniswapV2Router),
            factory: getAddress(chain.contracts.uniswapV2Factory),
            weth: getAddress(chain.contracts.weth),
            stable: getAddress(chain.contracts.usd),
          },
          multicall3: getAddress(chain.contracts.multicall3),
        },
      ],
    ]),
  })
}, 90_000)
afterAll(async () => {
  await devnet?.stop()
})

/** What the router itself pays along `path` (native ends as WETH). */
async function routerAmountOut(amountIn: bigint, path: readonly Address[]): Promise<bigint> {
  const weth = getAddress(chain.contracts.weth)
  const amounts = await client.readContract({
    address: getAddress(chain.contracts.uniswapV2Router),
    abi: uniswapV2RouterAbi,
    functionName: 'getAmountsOut',
    args: [amountIn, path.map((address) => (address === swapNativeAddress ? weth : address))],
  })
  return amounts.at(-1) as bigint
}

test('getUniswapV2AmountOut: the router library arithmetic (fee from the input, rounded down)', () => {
  expect(getUniswapV2AmountOut(1000n, 1_000_000n, 1_000_000n)).toBe(996n)
  expect(getUniswapV2AmountOut(0n, 1n, 1n)).toBe(0n)
  expect(getUniswapV2AmountOut(1n, 0n, 1n)).toBe(0n)
})

describe("quotes against the router's own getAmountsOut", () => {
  const cases: [string, string, string][] = [
    ['LUSD', 'ALPHA', '250'],
    ['ALPHA', 'LUSD', '1000'],
    ['ETH', 'LUSD', '1.5'],
    ['LUSD', 'ETH', '3000'],
    ['ALPHA', 'ETH', '10'],
    ['BETA', 'LUSD', '3'],
    ['LUSD', 'BETA', '90'],
    ['ETH', 'BETA', '0.25'],
    ['ALPHA', 'WETH', '500000'],
  ]
  for (const [fromSymbol, toSymbol, amount] of cases)
    test(`${amount} ${fromSymbol} -> ${toSymbol}`, async () => {
      const from = fromSymbol === 'ETH' ? swapNativeAddress : token(fromSymbol)
      const to = toSymbol === 'ETH' ? swapNativeAddress : token(toSymbol)
      const decimals =
        fromSymbol === 'ETH'
          ? 18
          : (chain.tokens.find((t) => t.symbol === fromSymbol)?.decimals ?? 18)
      const amountIn = parseUnits(amount, decimals)
      const quote = await source.quote({ chainId: chain.id, from, to, amountIn })
      expect(quote.path[0]).toBe(from)
      expect(quote.path.at(-1)).toBe(to)
      expect(quote.amountOut).toBe(await routerAmountOut(amountIn, quote.path))
      expect(quote.spender).toBe(getAddress(chain.contracts.uniswapV2Router))
      // 0.3% per pool, taken from what goes in.
      const hops = quote.path.length - 1
      expect(Number(quote.feeAmount) / Number(amountIn)).toBeCloseTo(1 - 0.997 ** hops, 6)
      expect(quote.priceImpact).toBeGreaterThanOrEqual(0)
    })

  test('routes through the pools there are: ALPHA -> ETH goes through LUSD, BETA -> LUSD through WETH', async () => {
    const alphaEth = await source.quote({
      chainId: chain.id,
      from: token('ALPHA'),
      to: swapNativeAddress,
      amountIn: parseEther('10'),
    })
    expect(alphaEth.path).toEqual([token('ALPHA'), token('LUSD'), swapNativeAddress])
    const betaLusd = await source.quote({
      chainId: chain.id,
      from: token('BETA'),
      to: token('LUSD'),
      amountIn: parseEther('1'),
    })
    expect(betaLusd.path).toEqual([token('BETA'), token('WETH'), token('LUSD')])
  })

  test('price impact grows with the trade: 1 ETH barely moves the 1000 ETH pool, 100 ETH does', async () => {
    const small = await source.quote({
      chainId: chain.id,
      from: swapNativeAddress,
      to: token('LUSD'),
      amountIn: parseEther('1'),
    })
    const large = await source.quote({
      chainId: chain.id,
      from: swapNativeAddress,
      to: token('LUSD'),
      amountIn: parseEther('100'),
    })
    expect(small.priceImpact).toBeLessThan(0.2)
    expect(large.priceImpact).toBeGreaterThan(8)
  })

  test('no pool path between the tokens: NoSwapRouteError (BETA -> ALPHA would need three pools)', async () => {
    await expect(
      source.quote({
        chainId: chain.id,
        from: token('BETA'),
        to: token('ALPHA'),
        amountIn: parseEther('1'),
      }),
    ).rejects.toThrowError(NoSwapRouteError)
    await expect(
      source.quote({
        chainId: chain.id,
        from: token('BETA'),
        to: token('ALPHA'),
        amountIn: parseEther('1'),
      }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(
      `[NoSwapRouteError: No route from "0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9" to "0x9fE46736679d2D9a65F0992F2272dE9f3c7fa6e0".]`,
    )
  })
})

describe('the best route is chosen', () => {
  // Run last: it adds a shallow ALPHA/WETH pool that prices ALPHA at 3 USD (the deep pools say 2).
  test('a small trade takes the shallow direct pool (it pays more), a large one goes through LUSD', async () => {
    const owner = devnet.manifest.accounts[3]
    if (!owner) throw new Error('No test account #3.')
    const account = privateKeyToAccount(owner.privateKey as `0x${string}`)
    const wallet = createWalletClient({ account, transport: http(chain.rpcUrl) })
    const router = getAddress(chain.contracts.uniswapV2Router)
    for (const symbol of ['ALPHA', 'WETH']) {
      const hash = await wallet.writeContract({
        chain: null,
        address: token(symbol),
        abi: erc20Abi,
        functionName: 'approve',
        args: [router, maxUint256],
      })
      await client.waitForTransactionReceipt({ hash })
    }
    const hash = await wallet.writeContract({
      chain: null,
      address: router,
      abi: parseAbi([
        'function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256, uint256, uint256)',
      ]),
      functionName: 'addLiquidity',
      args: [
        token('ALPHA'),
        token('WETH'),
        parseEther('300'),
        parseEther('0.3'),
        0n,
        0n,
        account.address,
        maxUint256,
      ],
    })
    await client.waitForTransactionReceipt({ hash })

    // Asked right after the pool was added: read at the head now (a displayed quote may be
    // priced at a head read up to a second ago, when the pair did not exist yet).
    const small = await source.quote({
      chainId: chain.id,
      from: token('ALPHA'),
      to: token('WETH'),
      amountIn: parseEther('1'),
      fresh: true,
    })
    expect(small.path).toEqual([token('ALPHA'), token('WETH')])
    expect(small.amountOut).toBe(await routerAmountOut(parseEther('1'), small.path))
    expect(small.amountOut).toBeGreaterThan(
      await routerAmountOut(parseEther('1'), [token('ALPHA'), token('LUSD'), token('WETH')]),
    )

    const large = await source.quote({
      chainId: chain.id,
      from: token('ALPHA'),
      to: token('WETH'),
      amountIn: parseEther('200'),
      fresh: true,
    })
    expect(large.path).toEqual([token('ALPHA'), token('LUSD'), token('WETH')])
    expect(large.amountOut).toBe(await routerAmountOut(parseEther('200'), large.path))
    expect(large.amountOut).toBeGreaterThan(
      await routerAmountOut(parseEther('200'), [token('ALPHA'), token('WETH')]),
    )
  })
})

/**
 * A source over a client that counts head reads and multicalls; `holdNext()` keeps the answer of
 * the next multicall (sent at once: it reads the chain as it is then) until `release()`.
 */
function countingSource(options: { now?: () => number; maxEntries?: number } = {}) {
  const counts = { heads: 0, multicalls: 0 }
  let gate: Promise<void> | undefined
  let release = () => {}
  const counting = new Proxy(client, {
    get(target, property, receiver) {
      if (property === 'multicall')
        return (...args: Parameters<PublicClient['multicall']>) => {
          counts.multicalls++
          const answer = target.multicall(...args)
          const held = gate
          gate = undefined
          return held ? held.then(() => answer) : answer
        }
      if (property === 'getBlockNumber')
        return (...args: Parameters<PublicClient['getBlockNumber']>) => {
          counts.heads++
          return target.getBlockNumber(...args)
        }
      return Reflect.get(target, property, receiver)
    },
  })
  const source = createUniswapV2SwapSource({
    chains: new Map([
      [
        chain.id,
        {
          client: counting,
          deployment: {
            router: getAddress(chain.contracts.uniswapV2Router),
            factory: getAddress(chain.contracts.uniswapV2Factory),
            weth: getAddress(chain.contracts.weth),
            stable: getAddress(chain.contracts.usd),
          },
          multicall3: getAddress(chain.contracts.multicall3),
        },
      ],
    ]),
    now: options.now,
    maxEntries: options.maxEntries,
  })
  return {
    source,
    counts,
    reset() {
      counts.heads = 0
      counts.multicalls = 0
    },
    holdNext() {
      gate = new Promise((resolve) => {
        release = resolve
      })
    },
    release: () => release(),
  }
}

/** Swaps `amount` ETH for LUSD through the router from test account #2 (moves the pool). */
async function swapEthForLusd(amount: bigint) {
  const owner = devnet.manifest.accounts[2]
  if (!owner) throw new Error('No test account #2.')
  const account = privateKeyToAccount(owner.privateKey as `0x${string}`)
  const wallet = createWalletClient({ account, transport: http(chain.rpcUrl) })
  const hash = await wallet.writeContract({
    chain: null,
    address: getAddress(chain.contracts.uniswapV2Router),
    abi: uniswapV2RouterAbi,
    functionName: 'swapExactETHForTokens',
    args: [0n, [getAddress(chain.contracts.weth), token('LUSD')], account.address, maxUint256],
    value: amount,
  })
  const receipt = await client.waitForTransactionReceipt({ hash })
  expect(receipt.status).toBe('success')
}

describe('reserves kept per block', () => {
  const ethToLusd = (amountIn = parseEther('1'), fresh?: boolean) => ({
    chainId: chain.id,
    from: swapNativeAddress,
    to: token('LUSD'),
    amountIn,
    fresh,
  })

  test('a displayed quote is priced at a head read at most a second ago: no RPC call within it', async () => {
    let clock = 1_000_000
    const { source, counts, reset } = countingSource({ now: () => clock })
    const first = await source.quote(ethToLusd())
    // The head, the pair through the factory, the reserves.
    expect(counts).toEqual({ heads: 1, multicalls: 2 })
    expect(first.amountOut).toBe(await routerAmountOut(parseEther('1'), first.path))
    reset()
    clock += 999
    const again = await source.quote(ethToLusd(parseEther('2')))
    expect(counts).toEqual({ heads: 0, multicalls: 0 })
    expect(again.amountOut).toBe(await routerAmountOut(parseEther('2'), again.path))
    // Past the second, the head is read again; the chain has not moved: the same reserves.
    reset()
    clock += 2
    await source.quote(ethToLusd())
    expect(counts).toEqual({ heads: 1, multicalls: 0 })
    // Ten quotes at once past the second: one head read, one reserves read.
    await swapEthForLusd(parseEther('0.1'))
    reset()
    clock += 1_000
    const quotes = await Promise.all(Array.from({ length: 10 }, () => source.quote(ethToLusd())))
    expect(counts).toEqual({ heads: 1, multicalls: 1 })
    expect(new Set(quotes.map((quote) => quote.amountOut)).size).toBe(1)
    expect(quotes[0]?.amountOut).toBe(await routerAmountOut(parseEther('1'), first.path))
    expect(quotes[0]?.amountOut).toBeLessThan(first.amountOut)
  })

  test('a quote a swap is built from reads the head now: a pool moved within the second is seen', async () => {
    const clock = 2_000_000
    const { source, counts, reset } = countingSource({ now: () => clock })
    const before = await source.quote(ethToLusd())
    await swapEthForLusd(parseEther('0.5'))
    // Displayed within the same second: still the head read before the swap.
    expect((await source.quote(ethToLusd())).amountOut).toBe(before.amountOut)
    reset()
    const fresh = await source.quote(ethToLusd(parseEther('1'), true))
    expect(counts).toEqual({ heads: 1, multicalls: 1 })
    expect(fresh.amountOut).toBe(await routerAmountOut(parseEther('1'), fresh.path))
    expect(fresh.amountOut).toBeLessThan(before.amountOut)
    // The head it read prices the displayed quotes from now on (never an older one).
    reset()
    expect((await source.quote(ethToLusd())).amountOut).toBe(fresh.amountOut)
    expect(counts).toEqual({ heads: 0, multicalls: 0 })
  })

  test('a fresh quote never joins a reserves read that started before the last swap was mined', async () => {
    let clock = 3_000_000
    const gated = countingSource({ now: () => clock })
    await gated.source.quote(ethToLusd())
    // A block later and past the second, a displayed quote reads the reserves; the answer is slow.
    await client.request({ method: 'evm_mine' } as never)
    clock += 1_000
    gated.holdNext()
    gated.reset()
    const displayed = gated.source.quote(ethToLusd(parseEther('3')))
    await expect.poll(() => gated.counts.multicalls).toBe(1)
    // Meanwhile a swap is mined, and the user builds their swap right after it: its quote reads
    // the pool after the swap, not the read still under way.
    await swapEthForLusd(parseEther('0.5'))
    const built = gated.source.quote(ethToLusd(parseEther('3'), true))
    await expect.poll(() => gated.counts.multicalls).toBe(2)
    gated.release()
    const [fresh, shown] = await Promise.all([built, displayed])
    expect(fresh.amountOut).toBe(await routerAmountOut(parseEther('3'), fresh.path))
    expect(fresh.amountOut).toBeLessThan(shown.amountOut)
  })

  test('bounded: with room for one pool set, quotes over several pool sets stay right', async () => {
    const { source } = countingSource({ maxEntries: 1 })
    for (const [from, to, amount] of [
      [swapNativeAddress, token('LUSD'), parseEther('1')],
      [token('LUSD'), token('ALPHA'), parseUnits('100', 6)],
      [token('ALPHA'), swapNativeAddress, parseEther('10')],
      [swapNativeAddress, token('LUSD'), parseEther('2')],
    ] as const) {
      const quote = await source.quote({ chainId: chain.id, from, to, amountIn: amount })
      expect(quote.amountOut).toBe(await routerAmountOut(amount, quote.path))
    }
  })
})
