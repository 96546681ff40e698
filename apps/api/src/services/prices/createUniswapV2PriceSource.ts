import { type Address, formatUnits, isAddressEqual, type PublicClient, parseAbi } from 'viem'
import { multicallAt } from '../multicallAt.ts'
import {
  type GetPricesAtParameters,
  type GetPricesParameters,
  type GetPricesReturnType,
  nativeTokenAddress,
  type PriceSource,
} from './priceSource.ts'

const routerAbi = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
])

/** One chain's Uniswap V2 deployment, priced against its USD stablecoin. */
export type UniswapV2PriceChain = {
  client: PublicClient
  /** Multicall3; the client's chain's address when unset. */
  multicall3?: Address | undefined
  router: Address
  /** The USD stablecoin every price is quoted in (on the devnet, LUSD with 6 decimals). */
  usd: { address: Address; decimals: number }
  /** The wrapped native coin: the native coin is priced as this token. */
  weth: Address
}

export type CreateUniswapV2PriceSourceParameters = {
  chains: ReadonlyMap<number, UniswapV2PriceChain>
}

/**
 * Prices tokens from Uniswap V2 pools: what the router's `getAmountsOut` pays in the USD
 * stablecoin for one whole token, along [token, USD] or [token, WETH, USD], whichever pays
 * more (both quotes include the 0.3% pool fee and the price impact of one token). The
 * stablecoin itself is the unit, 1. All quotes of a call go out in one multicall. The pools
 * quote USD only, so `currencies` is `['usd']`. `getPricesAt` reads the same quotes at a past
 * block (the pools' reserves then): a token without a pool at that block is unpriced.
 */
export function createUniswapV2PriceSource({
  chains,
}: CreateUniswapV2PriceSourceParameters): PriceSource {
  return {
    currencies: ['usd'],
    getPrices: ({ chainId, tokens, currency }: GetPricesParameters) =>
      quote({ chainId, tokens, currency }),
    getPricesAt: (parameters: GetPricesAtParameters) => quote(parameters),
  }

  async function quote({
    chainId,
    tokens,
    currency,
    blockNumber,
  }: Omit<GetPricesAtParameters, 'blockNumber'> & { blockNumber?: bigint | undefined }) {
    const prices: GetPricesReturnType = new Map()
    const chain = chains.get(chainId)
    if (!chain || currency !== 'usd') return prices

    const quotes: { token: Address; amountIn: bigint; path: readonly Address[] }[] = []
    for (const { address, decimals } of tokens) {
      if (isAddressEqual(address, chain.usd.address)) {
        prices.set(address, 1)
        continue
      }
      const from = isAddressEqual(address, nativeTokenAddress) ? chain.weth : address
      const amountIn = 10n ** BigInt(decimals)
      quotes.push({ token: address, amountIn, path: [from, chain.usd.address] })
      if (!isAddressEqual(from, chain.weth))
        quotes.push({ token: address, amountIn, path: [from, chain.weth, chain.usd.address] })
    }
    if (quotes.length === 0) return prices

    const contracts = quotes.map(
      ({ amountIn, path }) =>
        ({
          address: chain.router,
          abi: routerAbi,
          functionName: 'getAmountsOut',
          args: [amountIn, path],
        }) as const,
    )
    // One eth_call for every quote, however many tokens.
    const results = await multicallAt(chainId, chain, contracts, blockNumber)

    // A path without a pool reverts: that quote is left out, and a token with none is unpriced.
    results.forEach((result, index) => {
      const quote = quotes[index]
      if (!quote || result.status !== 'success') return
      const amountOut = result.result.at(-1)
      if (amountOut === undefined) return
      const price = Number(formatUnits(amountOut, chain.usd.decimals))
      if (price > (prices.get(quote.token) ?? -1)) prices.set(quote.token, price)
    })
    return prices
  }
}
