import type { ConvertBuildTransactionResponse } from '@latch/api-contract'
import { type Address, erc20Abi, formatUnits, type PublicClient } from 'viem'
import { SwapWouldFailError } from '../../errors/swap.ts'
import { multicall3Address } from '../../network.ts'
import { throwIfRpcFailed, wrapRpcError } from '../wrapRpcError.ts'
import { describeSwapRevert } from './describeSwapRevert.ts'
import { applySlippage } from './formatSwapRate.ts'
import { getSwapTokenInfo } from './getSwapTokenInfo.ts'
import { parseSwapPair, parseSwapUser, type SwapToken } from './parseSwapToken.ts'
import { requireSwapChain, type SwapDeps, swapDeadlineSeconds } from './swapDeps.ts'
import type { SwapSourceTransaction } from './swapSource.ts'
import { toCaipToken } from './toCaipToken.ts'
import { withSwapSources } from './withSwapSources.ts'

export type BuildSwapTransactionParameters = {
  from: string
  to: string
  amount: bigint
  userAddress: string
  /** Percent; LATCH_SWAP_SLIPPAGE when unset. */
  slippage?: number | undefined
  /** Skip the simulation and the gas estimate (the gas is then the source's estimate). */
  disableEstimate?: boolean | undefined
  /** The quoted amount the user accepted: the minimum received is taken from it. */
  toAmount?: bigint | undefined
  signal?: AbortSignal | undefined
}

/** Room above the estimate, as the spec's fee multiplier (1.2). */
const gasMultiplierPercent = 120n

/**
 * The swap transaction: a fresh quote from the sources (falling back as quotes do), the minimum
 * received `slippage` below it (or below the `toAmount` the user accepted: a price that moved
 * further is refused here), the source's calldata with a 20-minute deadline. Unless
 * `disableEstimate`, the user's balance and allowance are checked and the transaction simulated
 * from the user (eth_call) and its gas estimated: a swap that would fail is
 * `SwapWouldFailError` naming why, before anything is signed.
 */
export async function buildSwapTransaction(
  deps: SwapDeps,
  parameters: BuildSwapTransactionParameters,
): Promise<ConvertBuildTransactionResponse> {
  const pair = parseSwapPair(parameters.from, parameters.to)
  const chainId = pair.from.chainId
  const { network, client, sources } = requireSwapChain(deps, chainId)
  const user = parseSwapUser(parameters.userAddress, chainId)
  const slippage = parameters.slippage ?? deps.defaultSlippage
  const now = deps.now?.() ?? Date.now()
  const deadline = BigInt(Math.floor(now / 1000) + swapDeadlineSeconds)
  const info = await getSwapTokenInfo(
    { client, cache: deps.cache },
    { network, addresses: [pair.from.address, pair.to.address] },
  )

  const transaction = await withSwapSources(
    sources,
    deps.logger,
    async (source) => {
      const quoteParameters = {
        chainId,
        from: pair.from.address,
        to: pair.to.address,
        amountIn: parameters.amount,
        // Priced at the chain's head now: never reserves older than the chain it is sent to.
        fresh: true,
        signal: parameters.signal,
      }
      const quote = await source.quote(quoteParameters)
      const amountOutMin = applySlippage(parameters.toAmount ?? quote.amountOut, slippage)
      if (quote.amountOut < amountOutMin) {
        const { symbol, decimals } = info(pair.to.address)
        throw new SwapWouldFailError({
          reason: `slippage exceeded (the price moved: it now pays ${formatUnits(quote.amountOut, decimals)} ${symbol}, below the minimum of ${formatUnits(amountOutMin, decimals)} ${symbol})`,
        })
      }
      const built = await source.build({
        ...quoteParameters,
        user,
        amountOutMin,
        slippage,
        deadline,
        quote,
      })
      return { ...built, amountOutMin }
    },
    { from: info(pair.from.address).symbol, to: info(pair.to.address).symbol },
  )

  const readGasPrice = client.getGasPrice().catch((error: unknown) => {
    throw wrapRpcError(chainId, error)
  })
  const gas = parameters.disableEstimate
    ? transaction.quote.estimatedGas
    : await simulate(client, {
        chainId,
        user,
        from: pair.from,
        transaction,
        multicall3: network.multicall3,
      })
  const { quote } = transaction
  // The route's middle tokens are the pools' (listed, or read once and cached).
  const routeInfo = await getSwapTokenInfo(
    { client, cache: deps.cache },
    { network, addresses: quote.path },
  )
  return {
    tx: {
      from: `eip155:${chainId}:${user}`,
      to: `eip155:${chainId}:${transaction.to}`,
      data: transaction.data.toLowerCase(),
      amount: quote.amountOut.toString(),
      value: transaction.value.toString(),
      eip155: { gas: gas.toString(), gasPrice: (await readGasPrice).toString() },
    },
    minimumReceived: transaction.amountOutMin.toString(),
    slippage,
    source: quote.source,
    route: quote.path.map((address) => ({
      address: toCaipToken(chainId, address),
      symbol: routeInfo(address).symbol,
    })),
    deadline: Number(deadline),
    simulated: !parameters.disableEstimate,
  }
}

/**
 * Checks the user's balance and allowance of the token sold (one multicall), then runs the swap
 * as an eth_call from the user and estimates its gas. Any failure is `SwapWouldFailError` in
 * words; the gas answered has 20% of room.
 */
async function simulate(
  client: PublicClient,
  {
    chainId,
    user,
    from,
    transaction,
    multicall3,
  }: {
    chainId: number
    user: Address
    from: SwapToken
    transaction: SwapSourceTransaction & { amountOutMin: bigint }
    multicall3?: Address | undefined
  },
): Promise<bigint> {
  const amountIn = transaction.quote.amountIn
  const readHoldings = async () => {
    if (from.native)
      return { balance: await client.getBalance({ address: user }), allowance: undefined }
    const results = await client.multicall({
      contracts: [
        { address: from.address, abi: erc20Abi, functionName: 'balanceOf', args: [user] },
        {
          address: from.address,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [user, transaction.quote.spender],
        },
      ],
      allowFailure: true,
      batchSize: 0,
      multicallAddress: multicall3 ?? multicall3Address,
    })
    throwIfRpcFailed(chainId, results)
    const [balance, allowance] = results.map((result) =>
      result.status === 'success' ? (result.result as bigint) : undefined,
    )
    return { balance, allowance }
  }
  const holdings = await readHoldings().catch((error: unknown) => {
    throw wrapRpcError(chainId, error)
  })
  if (holdings.balance !== undefined && holdings.balance < amountIn)
    throw new SwapWouldFailError({ reason: 'insufficient balance' })
  if (holdings.allowance !== undefined && holdings.allowance < amountIn)
    throw new SwapWouldFailError({ reason: 'insufficient allowance' })

  const call = {
    account: user,
    to: transaction.to,
    data: transaction.data,
    value: transaction.value,
  }
  try {
    await client.call(call)
    const estimate = await client.estimateGas(call)
    return (estimate * gasMultiplierPercent) / 100n
  } catch (error) {
    const revert = describeSwapRevert(error)
    if (!revert) throw wrapRpcError(chainId, error)
    throw new SwapWouldFailError({
      reason: revert.transferFromFailed
        ? 'the token transfer into the router failed'
        : revert.reason,
      cause: error,
    })
  }
}
