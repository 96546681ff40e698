import type { ConvertBuildApproveResponse } from '@latch/api-contract'
import { encodeFunctionData, erc20Abi, maxUint256 } from 'viem'
import { InvalidRequestError } from '../../errors/request.ts'
import { wrapRpcError } from '../wrapRpcError.ts'
import { parseSwapPair, parseSwapUser } from './parseSwapToken.ts'
import { requireSwapChain, type SwapDeps } from './swapDeps.ts'
import { withSwapSources } from './withSwapSources.ts'

/** Gas of an ERC-20 approval when the estimate fails (a token's approve costs about 46k). */
const defaultApproveGas = 60_000n

/**
 * The approval of the swap router for the token sold: `approve(spender, amount)`, unlimited
 * unless `amount` is given (exact). Its gas is estimated from the user, with 20% of room.
 */
export async function buildApproveTransaction(
  deps: SwapDeps,
  parameters: { from: string; to: string; userAddress: string; amount?: bigint | undefined },
): Promise<ConvertBuildApproveResponse> {
  const pair = parseSwapPair(parameters.from, parameters.to)
  const chainId = pair.from.chainId
  const { client, sources } = requireSwapChain(deps, chainId)
  const user = parseSwapUser(parameters.userAddress, chainId)
  if (pair.from.native)
    throw new InvalidRequestError({ message: 'The native coin needs no approval.' })
  const spender = await withSwapSources(sources, deps.logger, (source) =>
    source.getSpender(chainId),
  )
  const amount = parameters.amount ?? maxUint256
  const data = encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [spender, amount],
  })
  const [gas, gasPrice] = await Promise.all([
    client
      .estimateGas({ account: user, to: pair.from.address, data })
      .then((estimate) => (estimate * 120n) / 100n)
      .catch(() => defaultApproveGas),
    client.getGasPrice().catch((error: unknown) => {
      throw wrapRpcError(chainId, error)
    }),
  ])
  const token = `eip155:${chainId}:${pair.from.address}`
  return {
    tx: {
      from: token,
      to: token,
      data,
      value: '0',
      eip155: { gas: Number(gas), gasPrice: gasPrice.toString() },
    },
    spender: `eip155:${chainId}:${spender}`,
    amount: amount.toString(),
  }
}
