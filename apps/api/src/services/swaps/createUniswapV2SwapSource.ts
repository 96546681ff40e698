import {
  type Address,
  encodeFunctionData,
  getAddress,
  isAddressEqual,
  type PublicClient,
  parseAbi,
  zeroAddress,
} from 'viem'
import { NoSwapRouteError } from '../../errors/swap.ts'
import type { SwapDeployment } from '../../network.ts'
import { throwIfRpcFailed, wrapRpcError } from '../wrapRpcError.ts'
import { getUniswapV2AmountOut, uniswapV2FeeThousandths } from './getUniswapV2AmountOut.ts'
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
}

/** Gas of a swap, roughly: a base and each hop's pool (an estimate shown before simulating). */
const baseGas = 90_000n
const gasPerHop = 60_000n

/**
 * Swaps through Uniswap V2 pools read on-chain: the direct pair, through WETH or through the
 * stablecoin, whichever pays most. The pairs are found once through the factory (a pair never
 * moves), then every quote reads all candidate pools' reserves in one multicall and prices each
 * route with the router's own arithmetic (`getUniswapV2AmountOut`). Transactions call
 * UniswapV2Router02: `swapExactETHForTokens`, `swapExactTokensForETH` or
 * `swapExactTokensForTokens`.
 */
export function createUniswapV2SwapSource({
  chains,
}: CreateUniswapV2SwapSourceParameters): SwapSource {
  /** Pair addresses by chain and sorted token pair; only pairs that exist are kept. */
  const pairs = new Map<string, Address>()
  /** Reserve reads in flight, by chain and pools. */
  const readingReserves = new Map<string, Promise<Map<string, readonly [bigint, bigint]>>>()
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
  }

  function requireChain(chainId: number): UniswapV2SwapChain {
    const chain = chains.get(chainId)
    // The service only asks for chains this source supports.
    if (!chain) throw new Error(`No Uniswap V2 deployment on chain ${chainId}.`)
    return chain
  }

  async function quote({ chainId, from, to, amountIn }: SwapQuoteParameters) {
    const chain = requireChain(chainId)
    const { weth, stable, router } = chain.deployment
    const tokenIn = isAddressEqual(from, swapNativeAddress) ? weth : from
    const tokenOut = isAddressEqual(to, swapNativeAddress) ? weth : to
    if (isAddressEqual(tokenIn, tokenOut))
      throw new NoSwapRouteError({ from, to, reason: 'wrapping is not a swap' })

    const candidates: Address[][] = [[tokenIn, tokenOut]]
    for (const middle of [weth, stable]) {
      if (middle && !isAddressEqual(middle, tokenIn) && !isAddressEqual(middle, tokenOut))
        candidates.push([tokenIn, middle, tokenOut])
    }
    const hops = uniqueHops(candidates)
    await findPairs(chainId, chain, hops)
    const known = hops.filter(([a, b]) => pairs.has(pairKey(chainId, a as Address, b as Address)))
    const reserves = await readReserves(chainId, chain, known)

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
      (index === 0 && !isAddressEqual(token, from)) ||
      (index === last && !isAddressEqual(token, to))
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
    } satisfies SwapSourceQuote
  }

  async function build(parameters: SwapBuildParameters): Promise<SwapSourceTransaction> {
    const chain = requireChain(parameters.chainId)
    const current =
      parameters.quote?.source === 'uniswap-v2' ? parameters.quote : await quote(parameters)
    const { weth, router } = chain.deployment
    const path = current.path.map((token) =>
      isAddressEqual(token, swapNativeAddress) ? weth : token,
    )
    const { user, amountIn, amountOutMin, deadline } = parameters
    const nativeIn = isAddressEqual(parameters.from, swapNativeAddress)
    const nativeOut = isAddressEqual(parameters.to, swapNativeAddress)
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

  /** Looks up, through the factory, the pairs not seen yet (one multicall); absent ones stay unknown. */
  async function findPairs(chainId: number, chain: UniswapV2SwapChain, hops: Address[][]) {
    const unknown = hops.filter(
      ([a, b]) => !pairs.has(pairKey(chainId, a as Address, b as Address)),
    )
    if (unknown.length === 0) return
    const contracts = unknown.map(
      ([a, b]) =>
        ({
          address: chain.deployment.factory,
          abi: uniswapV2FactoryAbi,
          functionName: 'getPair',
          args: [a as Address, b as Address],
        }) as const,
    )
    const results = await chain.client
      .multicall({
        contracts,
        allowFailure: true,
        batchSize: 0,
        multicallAddress: chain.multicall3,
      })
      .catch((error: unknown) => {
        throw wrapRpcError(chainId, error)
      })
    throwIfRpcFailed(chainId, results)
    results.forEach((result, index) => {
      const [a, b] = unknown[index] as [Address, Address]
      if (result.status === 'success' && result.result !== zeroAddress)
        pairs.set(pairKey(chainId, a, b), getAddress(result.result))
    })
  }

  /** The reserves of the given pairs, sorted-token order, in one multicall. */
  /**
   * The reserves of some pools, read now. Quotes asking for the same pools while a read is in
   * flight share it (its answer is as fresh as theirs would be): a burst of quotes costs one
   * multicall, not one each.
   */
  function readReserves(chainId: number, chain: UniswapV2SwapChain, hops: Address[][]) {
    const keys = hops.map(([a, b]) => pairKey(chainId, a as Address, b as Address))
    const readKey = `${chainId}|${keys.join('|')}`
    const inFlight = readingReserves.get(readKey)
    if (inFlight) return inFlight
    const read = readReservesNow(chainId, chain, keys).finally(() => {
      if (readingReserves.get(readKey) === read) readingReserves.delete(readKey)
    })
    readingReserves.set(readKey, read)
    return read
  }

  async function readReservesNow(chainId: number, chain: UniswapV2SwapChain, keys: string[]) {
    const found = new Map<string, readonly [bigint, bigint]>()
    if (keys.length === 0) return found
    const contracts = keys.map(
      (key) =>
        ({
          address: pairs.get(key) as Address,
          abi: uniswapV2PairAbi,
          functionName: 'getReserves',
        }) as const,
    )
    const results = await chain.client
      .multicall({
        contracts,
        allowFailure: true,
        batchSize: 0,
        multicallAddress: chain.multicall3,
      })
      .catch((error: unknown) => {
        throw wrapRpcError(chainId, error)
      })
    throwIfRpcFailed(chainId, results)
    results.forEach((result, index) => {
      if (result.status === 'success')
        found.set(keys[index] as string, [result.result[0], result.result[1]])
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
