import {
  type Address,
  encodeFunctionData,
  getAddress,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from 'viem'
import { NoSwapRouteError } from '../../errors/swap.ts'
import type { SwapDeployment } from '../../network.ts'
import { multicallAt } from '../multicallAt.ts'
import { wrapRpcError } from '../wrapRpcError.ts'
import { createBoundedMap } from './createBoundedMap.ts'
import { type ChainHead, createChainHead } from './createChainHead.ts'
import { getUniswapV2AmountOut, uniswapV2FeeThousandths } from './getUniswapV2AmountOut.ts'
import { sameAddress } from './sameAddress.ts'
import {
  type SwapBuildParameters,
  type SwapQuoteParameters,
  type SwapSource,
  type SwapSourceQuote,
  type SwapSourceTransaction,
  swapNativeAddress,
} from './swapSource.ts'

export const uniswapV2FactoryAbi = parseAbi([
  'function getPair(address tokenA, address tokenB) view returns (address pair)',
])
export const uniswapV2PairAbi = parseAbi([
  'function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)',
])
export const uniswapV2RouterAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)',
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
])

/** One chain's Uniswap V2 deployment and the client that reads it. */
export type UniswapV2SwapChain = {
  client: PublicClient
  deployment: SwapDeployment
  /** Multicall3; the client's chain's when unset. */
  multicall3?: Address | undefined
}

export type CreateUniswapV2SwapSourceParameters = {
  chains: ReadonlyMap<number, UniswapV2SwapChain>
  /**
   * How long a read of a chain's head prices displayed quotes (ms, default 1,000): within it,
   * quotes of the same pools cost no RPC call. Quotes a transaction is built from (`fresh`)
   * always read the head.
   */
  headTtlMs?: number | undefined
  /** Pool sets whose last reserves are kept, and pairs remembered (each; default 1,000). */
  maxEntries?: number | undefined
  /** The clock in ms (tests move it). */
  now?: (() => number) | undefined
}

/** A pair that exists: its key (chain and sorted tokens) and address. */
type Pool = { key: string; address: Address }

/** Reserves of some pools (sorted-token order, by pair key) as of one block. */
type Reserves = Map<string, readonly [bigint, bigint]>

/** Gas of a swap, roughly: a base and each hop's pool (an estimate shown before simulating). */
const baseGas = 90_000n
const gasPerHop = 60_000n

/**
 * Swaps through Uniswap V2 pools read on-chain: the direct pair, through WETH or through the
 * stablecoin, whichever pays most. The pairs are found through the factory (a pair never moves;
 * one that does not exist yet is asked again once the chain moves), then all candidate pools'
 * reserves are read in one multicall at the chain's head block and each route is priced with the
 * router's own arithmetic (`getUniswapV2AmountOut`). Reserves change only with a new block: the
 * last read of each pool set is kept with its block, and a quote is answered from it while the
 * head has not moved past it. The head is read at most once per `headTtlMs` for displayed
 * quotes, and afresh for quotes a transaction is built from (`fresh`), so a swap is never built
 * from reserves older than the chain it is sent to. Transactions call UniswapV2Router02:
 * `swapExactETHForTokens`, `swapExactTokensForETH` or `swapExactTokensForTokens`.
 */
export function createUniswapV2SwapSource({
  chains,
  headTtlMs = 1_000,
  maxEntries = 1_000,
  now = Date.now,
}: CreateUniswapV2SwapSourceParameters): SwapSource {
  /** Pair addresses by chain and sorted token pair, for pairs that exist. */
  const pairs = createBoundedMap<string, Address>(maxEntries)
  /** Pairs the factory did not know, with the block it was asked at. */
  const absentPairs = createBoundedMap<string, bigint>(maxEntries)
  /** The last reserves read of each pool set, with the block they are of. */
  const lastReserves = createBoundedMap<string, { block: bigint; reserves: Reserves }>(maxEntries)
  /** Reserve reads in flight, by pool set and block (each answers exactly that block's state). */
  const readingReserves = new Map<string, Promise<{ block: bigint; reserves: Reserves }>>()
  const heads = new Map<number, ChainHead>()
  const headOf = (chainId: number, chain: UniswapV2SwapChain) => {
    let head = heads.get(chainId)
    if (!head) {
      head = createChainHead({
        read: () => chain.client.getBlockNumber({ cacheTime: 0 }),
        ttlMs: headTtlMs,
        now,
      })
      heads.set(chainId, head)
    }
    return head
  }
  const pairKey = (chainId: number, a: Address, b: Address) => {
    const [x, y] = sortTokens(a, b)
    return `${chainId}:${x}:${y}`.toLowerCase()
  }

  return {
    name: 'uniswap-v2',
    supports: (chainId) => chains.has(chainId),
    quote,
    build,
    getSpender: async (chainId) => requireChain(chainId).deployment.router,
    recentBlock: (chainId) =>
      headOf(chainId, requireChain(chainId))
        .recent()
        .catch((error: unknown) => {
          throw wrapRpcError(chainId, error)
        }),
  }

  function requireChain(chainId: number): UniswapV2SwapChain {
    const chain = chains.get(chainId)
    // The service only asks for chains this source supports.
    if (!chain) throw new Error(`No Uniswap V2 deployment on chain ${chainId}.`)
    return chain
  }

  async function quote({ chainId, from, to, amountIn, fresh }: SwapQuoteParameters) {
    const chain = requireChain(chainId)
    const { weth, stable, router } = chain.deployment
    const tokenIn = sameAddress(from, swapNativeAddress) ? weth : from
    const tokenOut = sameAddress(to, swapNativeAddress) ? weth : to
    if (sameAddress(tokenIn, tokenOut))
      throw new NoSwapRouteError({ from, to, reason: 'wrapping is not a swap' })

    const candidates: Address[][] = [[tokenIn, tokenOut]]
    for (const middle of [weth, stable]) {
      if (middle && !sameAddress(middle, tokenIn) && !sameAddress(middle, tokenOut))
        candidates.push([tokenIn, middle, tokenOut])
    }
    const hops = uniqueHops(candidates)
    const chainHead = headOf(chainId, chain)
    const block = await (fresh ? chainHead.current() : chainHead.recent()).catch(
      (error: unknown) => {
        throw wrapRpcError(chainId, error)
      },
    )
    const pools = await findPools(chainId, chain, hops, block)
    const { reserves, block: pricedAt } = await readReserves(chainId, chain, pools, block)

    let best: { path: Address[]; amountOut: bigint; midOut: number } | undefined
    for (const path of candidates) {
      let amount = amountIn
      let midOut = Number(amountIn)
      for (let index = 0; index + 1 < path.length && amount > 0n; index++) {
        const a = path[index] as Address
        const b = path[index + 1] as Address
        const pool = reserves.get(pairKey(chainId, a, b))
        if (!pool) {
          amount = 0n
          break
        }
        const [reserveIn, reserveOut] =
          sortTokens(a, b)[0] === a ? [pool[0], pool[1]] : [pool[1], pool[0]]
        amount = getUniswapV2AmountOut(amount, reserveIn, reserveOut)
        midOut *= Number(reserveOut) / Number(reserveIn)
      }
      if (amount > 0n && (!best || amount > best.amountOut))
        best = { path, amountOut: amount, midOut }
    }
    if (!best) throw new NoSwapRouteError({ from, to })

    const hopCount = BigInt(best.path.length - 1)
    const keptPerHop = Number(1000n - uniswapV2FeeThousandths) / 1000
    const kept = keptPerHop ** Number(hopCount)
    const noImpactOut = best.midOut * kept
    const priceImpact =
      noImpactOut > 0 ? Math.max(0, (1 - Number(best.amountOut) / noImpactOut) * 100) : null
    const feeAmount = amountIn - BigInt(Math.ceil(Number(amountIn) * kept))
    const last = best.path.length - 1
    // The native coin trades as WETH: name it again at the ends it stands for.
    const path = best.path.map((token, index) =>
      (index === 0 && !sameAddress(token, from)) || (index === last && !sameAddress(token, to))
        ? swapNativeAddress
        : token,
    )
    return {
      source: 'uniswap-v2',
      amountIn,
      amountOut: best.amountOut,
      path,
      priceImpact,
      feeAmount: feeAmount > 0n ? feeAmount : 0n,
      estimatedGas: baseGas + gasPerHop * hopCount,
      spender: router,
      blockNumber: pricedAt,
    } satisfies SwapSourceQuote
  }

  async function build(parameters: SwapBuildParameters): Promise<SwapSourceTransaction> {
    const chain = requireChain(parameters.chainId)
    const current =
      parameters.quote?.source === 'uniswap-v2' ? parameters.quote : await quote(parameters)
    const { weth, router } = chain.deployment
    const path = current.path.map((token) => (sameAddress(token, swapNativeAddress) ? weth : token))
    const { user, amountIn, amountOutMin, deadline } = parameters
    const nativeIn = sameAddress(parameters.from, swapNativeAddress)
    const nativeOut = sameAddress(parameters.to, swapNativeAddress)
    const data = nativeIn
      ? encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactETHForTokens',
          args: [amountOutMin, path, user, deadline],
        })
      : encodeFunctionData({
          abi: uniswapV2RouterAbi,
          functionName: nativeOut ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [amountIn, amountOutMin, path, user, deadline],
        })
    return { to: router, data, value: nativeIn ? amountIn : 0n, quote: current }
  }

  /**
   * The pools along `hops` that exist: pairs known from before, the others looked up through the
   * factory at `block` (one multicall). A pair that exists is kept for good (a pair never moves);
   * one that does not is asked again once the chain moves past `block`.
   */
  async function findPools(
    chainId: number,
    chain: UniswapV2SwapChain,
    hops: Address[][],
    block: bigint,
  ): Promise<Pool[]> {
    const found = new Map<string, Address>()
    const unknown: { key: string; a: Address; b: Address }[] = []
    const keys = hops.map(([a, b]) => {
      const key = pairKey(chainId, a as Address, b as Address)
      const address = pairs.get(key)
      const absentAt = absentPairs.get(key)
      if (address) found.set(key, address)
      else if (absentAt === undefined || absentAt < block)
        unknown.push({ key, a: a as Address, b: b as Address })
      return key
    })
    if (unknown.length > 0) {
      const results = await multicallAt(
        chainId,
        chain,
        unknown.map(
          ({ a, b }) =>
            ({
              address: chain.deployment.factory,
              abi: uniswapV2FactoryAbi,
              functionName: 'getPair',
              args: [a, b],
            }) as const,
        ),
        block,
      )
      results.forEach((result, index) => {
        const { key } = unknown[index] as { key: string }
        if (result.status !== 'success') return
        if (result.result === zeroAddress) absentPairs.set(key, block)
        else {
          const address = getAddress(result.result)
          pairs.set(key, address)
          absentPairs.delete(key)
          found.set(key, address)
        }
      })
    }
    return keys.flatMap((key) => {
      const address = found.get(key)
      return address ? [{ key, address }] : []
    })
  }

  /**
   * The reserves of some pools as of `block` or a later block: the last read of these pools when
   * it is that recent, else one multicall at `block` (quotes of the same pools and block share
   * it: they would read the same state).
   */
  async function readReserves(
    chainId: number,
    chain: UniswapV2SwapChain,
    pools: Pool[],
    block: bigint,
  ): Promise<{ block: bigint; reserves: Reserves }> {
    const poolsKey = `${chainId}|${pools.map((pool) => pool.key).join('|')}`
    const last = lastReserves.get(poolsKey)
    if (last && last.block >= block) return last
    const readKey = `${poolsKey}@${block}`
    const inFlight = readingReserves.get(readKey)
    if (inFlight) return inFlight
    const read = readReservesNow(chainId, chain, pools, block)
      .then((reserves) => {
        const read = { block, reserves }
        const latest = lastReserves.get(poolsKey)
        if (!latest || latest.block < block) lastReserves.set(poolsKey, read)
        return read
      })
      .finally(() => {
        if (readingReserves.get(readKey) === read) readingReserves.delete(readKey)
      })
    readingReserves.set(readKey, read)
    return read
  }

  async function readReservesNow(
    chainId: number,
    chain: UniswapV2SwapChain,
    pools: Pool[],
    block: bigint,
  ) {
    const found: Reserves = new Map()
    if (pools.length === 0) return found
    const contracts = pools.map(
      (pool) =>
        ({
          address: pool.address,
          abi: uniswapV2PairAbi,
          functionName: 'getReserves',
        }) as const,
    )
    const results = await multicallAt(chainId, chain, contracts, block)
    results.forEach((result, index) => {
      if (result.status === 'success')
        found.set((pools[index] as Pool).key, [result.result[0], result.result[1]])
    })
    return found
  }
}

/** Token pairs as the factory sorts them (token0 is the lower address). */
function sortTokens(a: Address, b: Address): [Address, Address] {
  return a.toLowerCase() < b.toLowerCase() ? [a, b] : [b, a]
}

/** Every distinct pool the candidate paths pass through. */
function uniqueHops(paths: readonly Address[][]): Address[][] {
  const seen = new Set<string>()
  const hops: Address[][] = []
  for (const path of paths)
    for (let index = 0; index + 1 < path.length; index++) {
      const pair = sortTokens(path[index] as Address, path[index + 1] as Address)
      const key = pair.join(':').toLowerCase()
      if (!seen.has(key)) {
        seen.add(key)
        hops.push(pair)
      }
    }
  return hops
}
