import { BaseError, type BaseErrorParameters } from './base.ts'

/** The Latch API could not give a balance (spec: "Token Balance Unavailable"). */
export class BalanceUnavailableError extends BaseError {
  override name = 'BalanceUnavailableError' as const
  override readonly code = 'TOKEN_BALANCE_UNAVAILABLE'
  readonly status: number | undefined
  constructor(parameters: BaseErrorParameters & { status?: number | undefined }) {
    super('Token Balance Unavailable.', parameters)
    this.status = parameters.status
  }
}
