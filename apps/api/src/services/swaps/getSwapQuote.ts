import { quoteTtlSeconds, type SwapQuote } from '@latch/api-contract'
import type { Address } from 'viem'
import { wrapRpcError } from '../wrapRpcError.ts'
import { applySlippage, formatSwapRate } from './formatSwapRate.ts'
import { getSwapTokenInfo } from './getSwapTokenInfo.ts'
import { parseSwapPair, parseSwapUser } from './parseSwapToken.ts'
import { requireSwapChain, type SwapDeps } from './swapDeps.ts'
import type { SwapSourceQuote } from './swapSource.ts'
import { toCaipToken } from './toCaipToken.ts'
import { withSwapSources } from './withSwapSources.ts'

export type GetSwapQuoteParameters = {
  /** CAIP-10 tokens, on one chain. */
  from: string
  to: string
  /** In the `from` token's base units. */
  amount: bigint
  userAddress: string
  /** The client's gas price in wei (prices `networkFee`); the chain's when unset or 0. */
  gasPrice?: bigint | undefined
  /** Percent; LATCH_SWAP_SLIPPAGE when unset. */
  slippage?: number | undefined
  signal?: AbortSignal | undefined
}

/** A quote as answered: all but its expiry, and the expiry of this answer. */
export type GetSwapQuoteReturnType = {
  /** Shared by every answer priced at the same block with the same inputs; never changed. */
  answer: Readonly<Omit<SwapQuote, 'expiresAt'>>
  /** Now plus `quoteTtlSeconds`, in ISO 8601. */
  expiresAt: string
}

/**
 * The best quote for one trade, read now from the swap sources (the aggregator first when
 * configured, falling back to the pools), in the shape AppKit reads plus Latch's route, rate,
 * price impact, minimum received, fee, network fee and expiry. A pool quote with the client's
 * gas price is kept (bounded) for the block it is priced at: asked again before the chain moves,
 * it is the same answer (the same object) with a new expiry. An aggregator's answer is never
 * kept.
 */
export async function getSwapQuote(
  deps: SwapDeps,
  parameters: GetSwapQuoteParameters,
): Promise<GetSwapQuoteReturnType> {
  const pair = parseSwapPair(parameters.from, parameters.to)
  const chainId = pair.from.chainId
  const { network, client, sources } = requireSwapChain(deps, chainId)
  parseSwapUser(parameters.userAddress, chainId)
  const slippage = parameters.slippage ?? deps.defaultSlippage
  const now = () => deps.now?.() ?? Date.now()
  const expiry = () => new Date(now() + quoteTtlSeconds * 1000).toISOString()

  // Pools first (no aggregator asked each time) and the client's gas price: the answer depends
  // only on the inputs and the block it is priced at, so it is kept for that block.
  const [first] = sources
  const answers = deps.quoteAnswers
  const keyAt =
    answers && first?.recentBlock && parameters.gasPrice
      ? (block: bigint) =>
          [
            chainId,
            parameters.from,
            parameters.to,
            parameters.amount,
            slippage,
            parameters.gasPrice,
            block,
          ].join('|')
      : undefined
  if (keyAt && first?.recentBlock) {
    const kept = answers?.get(keyAt(await first.recentBlock(chainId)))
    if (kept) return { answer: kept, expiresAt: expiry() }
  }

  const ends = await getSwapTokenInfo(
    { client, cache: deps.cache },
    { network, addresses: [pair.from.address, pair.to.address] },
  )
  const [quote, gasPrice] = await Promise.all([
    withSwapSources(
      sources,
      deps.logger,
      (source) =>
        source.quote({
          chainId,
          from: pair.from.address,
          to: pair.to.address,
          amountIn: parameters.amount,
          signal: parameters.signal,
        }),
      { from: ends(pair.from.address).symbol, to: ends(pair.to.address).symbol },
    ),
    parameters.gasPrice
      ? parameters.gasPrice
      : client.getGasPrice().catch((error: unknown) => {
          throw wrapRpcError(chainId, error)
        }),
  ])
  // The route's middle tokens are the pools' (listed, or read once and cached).
  const info = await getSwapTokenInfo(
    { client, cache: deps.cache },
    { network, addresses: quote.path },
  )
  const { expiresAt: _, ...fields } = toQuoteDto(quote, {
    chainId,
    from: parameters.from,
    to: parameters.to,
    slippage,
    gasPrice,
    info,
    expiresAt: '',
  })
  const answer = Object.freeze(fields)
  if (keyAt && quote.source === first?.name && quote.blockNumber !== undefined)
    answers?.set(keyAt(quote.blockNumber), answer)
  return { answer, expiresAt: expiry() }
}

function toQuoteDto(
  quote: SwapSourceQuote,
  context: {
    chainId: number
    from: string
    to: string
    slippage: number
    gasPrice: bigint
    info: (address: Address) => { symbol: string; decimals: number }
    expiresAt: string
  },
): SwapQuote {
  const { chainId, info } = context
  const first = quote.path[0] as Address
  const last = quote.path.at(-1) as Address
  return {
    id: null,
    fromAmount: quote.amountIn.toString(),
    fromAccount: context.from,
    toAmount: quote.amountOut.toString(),
    toAccount: context.to,
    source: quote.source,
    route: quote.path.map((address) => ({
      address: toCaipToken(chainId, address),
      symbol: info(address).symbol,
    })),
    rate: formatSwapRate(
      quote.amountIn,
      quote.amountOut,
      info(first).decimals,
      info(last).decimals,
    ),
    priceImpact: quote.priceImpact === null ? null : Math.round(quote.priceImpact * 1e4) / 1e4,
    minimumReceived: applySlippage(quote.amountOut, context.slippage).toString(),
    slippage: context.slippage,
    fee: {
      amount: quote.feeAmount.toString(),
      percent:
        quote.amountIn > 0n
          ? Math.round((Number(quote.feeAmount) / Number(quote.amountIn)) * 1e6) / 1e4
          : 0,
      token: context.from,
    },
    estimatedGas: quote.estimatedGas.toString(),
    networkFee: (quote.estimatedGas * context.gasPrice).toString(),
    spender: toCaipToken(chainId, quote.spender),
    expiresAt: context.expiresAt,
  }
}
