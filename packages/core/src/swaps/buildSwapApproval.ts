import {
  type ConvertBuildApproveResponse,
  convertBuildApproveResponseSchema,
} from '@latch/api-contract'
import type { LatchConfig } from '../createLatchConfig.ts'
import { requestApi } from '../utils/requestApi.ts'
import { toSwapError } from './toSwapError.ts'

export type BuildSwapApprovalParameters = {
  from: string
  to: string
  userAddress: string
  /** Approve exactly this much; undefined: an unlimited approval. */
  amount?: bigint | undefined
}
export type BuildSwapApprovalReturnType = ConvertBuildApproveResponse
export type BuildSwapApprovalErrorType = ReturnType<typeof toSwapError>

/** The `approve(router, amount)` transaction for the token sold (`GET /v1/convert/build-approve`). */
export async function buildSwapApproval(
  config: LatchConfig,
  parameters: BuildSwapApprovalParameters,
): Promise<BuildSwapApprovalReturnType> {
  return requestApi(config, {
    path: '/v1/convert/build-approve',
    query: {
      userAddress: parameters.userAddress,
      from: parameters.from,
      to: parameters.to,
      amount: parameters.amount?.toString(),
    },
    schema: convertBuildApproveResponseSchema,
    toError: toSwapError,
  })
}
