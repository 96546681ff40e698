import type { ConvertAllowanceResponse } from '@latch/api-contract'
import { erc20Abi, maxUint256 } from 'viem'
import { wrapRpcError } from '../wrapRpcError.ts'
import { parseSwapToken, parseSwapUser } from './parseSwapToken.ts'
import { requireSwapChain, type SwapDeps } from './swapDeps.ts'
import { withSwapSources } from './withSwapSources.ts'

/**
 * What the swap router may spend of the user's token (ERC-20 `allowance(user, spender)`, read
 * now); the native coin needs no approval, so its allowance is unlimited.
 */
export async function getSwapAllowance(
  deps: SwapDeps,
  parameters: { tokenAddress: string; userAddress: string },
): Promise<ConvertAllowanceResponse> {
  const token = parseSwapToken(parameters.tokenAddress)
  const { client, sources } = requireSwapChain(deps, token.chainId)
  const user = parseSwapUser(parameters.userAddress, token.chainId)
  const spender = await withSwapSources(sources, deps.logger, (source) =>
    source.getSpender(token.chainId),
  )
  const allowance = token.native
    ? maxUint256
    : await client
        .readContract({
          address: token.address,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [user, spender],
        })
        .catch((error: unknown) => {
          throw wrapRpcError(token.chainId, error)
        })
  return { allowance: allowance.toString(), spender: `eip155:${token.chainId}:${spender}` }
}
