import {
  type ConvertBuildTransactionResponse,
  convertBuildTransactionResponseSchema,
} from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { requestApi } from '../utils/requestApi.ts'
import { toSwapError } from './toSwapError.ts'

export type BuildSwapTransactionParameters = {
  from: string
  to: string
  amount: bigint
  userAddress: string
  /** In percent (1 = 1%). */
  slippage: number
  /** The quoted amount the person accepted: a price that moved past the slippage is refused. */
  toAmount?: bigint | undefined
  /**
   * Skip the API's simulation: the swap is sent in one batch after its approval, which the
   * simulation cannot see yet (the wallet simulates the whole batch instead).
   */
  disableEstimate?: boolean | undefined
}
export type BuildSwapTransactionReturnType = ConvertBuildTransactionResponse
export type BuildSwapTransactionErrorType = ReturnType<typeof toSwapError>

/**
 * The swap transaction, simulated from the account by the API before it answers
 * (`POST /v1/convert/build-transaction`); a swap that would revert is `SwapWouldFailError`.
 */
export async function buildSwapTransaction(
  config: LatchConfig,
  parameters: BuildSwapTransactionParameters,
): Promise<BuildSwapTransactionReturnType> {
  return requestApi(config, {
    path: '/v1/convert/build-transaction',
    body: {
      projectId: config.projectId,
      amount: parameters.amount.toString(),
      from: parameters.from,
      to: parameters.to,
      userAddress: parameters.userAddress,
      eip155: { slippage: parameters.slippage },
      toAmount: parameters.toAmount?.toString(),
      ...(parameters.disableEstimate ? { disableEstimate: true } : {}),
    },
    schema: convertBuildTransactionResponseSchema,
    toError: toSwapError,
  })
}
