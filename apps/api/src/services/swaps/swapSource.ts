import type { Address, Hex } from 'viem'

/** Where a quote comes from: pools read on-chain, or the configured aggregator. */
export type SwapSourceName = 'uniswap-v2' | 'aggregator'

/**
 * The address that stands for the native coin in swap sources (1inch's spelling, the contract's
 * `nativeCoinAddress`): sources map it to WETH on their own.
 */
export const swapNativeAddress: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE'

export type SwapQuoteParameters = {
  chainId: number
  /** The token sold; `swapNativeAddress` for the native coin. */
  from: Address
  /** The token bought; `swapNativeAddress` for the native coin. */
  to: Address
  /** In the `from` token's base units. */
  amountIn: bigint
  /**
   * A quote a transaction is built from: priced at the chain's head read after this call began
   * (never a read already under way, never one kept for a moment). Otherwise a source may answer
   * from a read shared with other quotes within about a second (Uniswap V2: its head TTL).
   */
  fresh?: boolean | undefined
  signal?: AbortSignal | undefined
}

/** The best a source can do for one trade, read now. */
export type SwapSourceQuote = {
  source: SwapSourceName
  amountIn: bigint
  amountOut: bigint
  /** The tokens passed through, first to last (`swapNativeAddress` at an end for the native coin). */
  path: readonly Address[]
  /** How far the trade moves the price, in percent, fees excluded; null when unknown. */
  priceImpact: number | null
  /** The pools' fee, in `from` base units (0 when the source does not say). */
  feeAmount: bigint
  estimatedGas: bigint
  /** The contract that takes the `from` token (the router): what the user approves. */
  spender: Address
  /** The block the quote is priced at, when the source reads the chain itself (the pools). */
  blockNumber?: bigint | undefined
}

export type SwapBuildParameters = SwapQuoteParameters & {
  /** Sends the swap and receives the tokens. */
  user: Address
  /** The swap reverts when it would pay out less. */
  amountOutMin: bigint
  /** The same bound as a tolerance in percent (an aggregator takes this). */
  slippage: number
  /** Unix seconds after which the router refuses the swap. */
  deadline: bigint
  /** A quote of this source for the same trade, read just before (saves reading it again). */
  quote?: SwapSourceQuote | undefined
}

/** The transaction that makes the swap, for the user to sign. */
export type SwapSourceTransaction = {
  to: Address
  data: Hex
  /** The native coin sent along (the amount in when selling the native coin). */
  value: bigint
  quote: SwapSourceQuote
}

/**
 * One source of swap quotes and swap transactions (spec: "a swap-source interface"): Uniswap V2
 * pools read on-chain (`createUniswapV2SwapSource`) or a 1inch-style aggregator
 * (`createAggregatorSwapSource`), chosen by configuration. Failures are the API's errors:
 * `NoSwapRouteError` when nothing connects the tokens, an upstream error when the source is down.
 */
export type SwapSource = {
  readonly name: SwapSourceName
  /** Whether it can quote on this chain at all. */
  supports(chainId: number): boolean
  quote(parameters: SwapQuoteParameters): Promise<SwapSourceQuote>
  build(parameters: SwapBuildParameters): Promise<SwapSourceTransaction>
  /** The contract users approve for this source's swaps on `chainId`. */
  getSpender(chainId: number, signal?: AbortSignal): Promise<Address>
  /**
   * The block a displayed quote on `chainId` would be priced at now (the pools: their head read
   * at most a second ago). Absent for a source that asks a remote service each time.
   */
  recentBlock?(chainId: number): Promise<bigint>
}
