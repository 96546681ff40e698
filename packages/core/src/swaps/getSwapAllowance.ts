import { convertAllowanceResponseSchema } from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { requestApi } from '../utils/requestApi.ts'
import { toSwapError } from './toSwapError.ts'

export type GetSwapAllowanceParameters = {
  /** The token sold (CAIP-10). */
  tokenAddress: string
  userAddress: string
  signal?: unknown
}
export type GetSwapAllowanceReturnType = { allowance: bigint; spender: string }
export type GetSwapAllowanceErrorType = ReturnType<typeof toSwapError>

/**
 * What the swap router may take of the token from the account (`GET /v1/convert/allowance`);
 * the native coin needs no approval (the API answers the maximum).
 */
export async function getSwapAllowance(
  config: LatchConfig,
  parameters: GetSwapAllowanceParameters,
): Promise<GetSwapAllowanceReturnType> {
  const answer = await requestApi(config, {
    path: '/v1/convert/allowance',
    query: { tokenAddress: parameters.tokenAddress, userAddress: parameters.userAddress },
    signal: parameters.signal,
    schema: convertAllowanceResponseSchema,
    toError: toSwapError,
  })
  return { allowance: BigInt(answer.allowance), spender: answer.spender }
}
