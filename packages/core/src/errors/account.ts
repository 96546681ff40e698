import { BaseError, type BaseErrorParameters } from './base.ts'

type ApiFailureParameters = BaseErrorParameters & { status?: number | undefined }

/** The Latch API could not give an account's history (spec section 8: the list shows empty). */
export class TransactionsUnavailableError extends BaseError {
  override name = 'TransactionsUnavailableError' as const
  override readonly code = 'TRANSACTIONS_UNAVAILABLE'
  readonly status: number | undefined
  constructor(parameters: ApiFailureParameters) {
    super('Failed to fetch transactions.', parameters)
    this.status = parameters.status
  }
}

/** The Latch API could not list an account's NFTs. */
export class NftsUnavailableError extends BaseError {
  override name = 'NftsUnavailableError' as const
  override readonly code = 'NFTS_UNAVAILABLE'
  readonly status: number | undefined
  constructor(parameters: ApiFailureParameters) {
    super('Failed to fetch NFTs.', parameters)
    this.status = parameters.status
  }
}

/** The Latch API could not resolve an address's name and avatar. */
export class IdentityUnavailableError extends BaseError {
  override name = 'IdentityUnavailableError' as const
  override readonly code = 'IDENTITY_UNAVAILABLE'
  readonly status: number | undefined
  constructor(parameters: ApiFailureParameters) {
    super('Error fetching names for address.', parameters)
    this.status = parameters.status
  }
}
