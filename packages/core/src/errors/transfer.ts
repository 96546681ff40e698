import { BaseError, type BaseErrorParameters } from './base.ts'

/** A transfer without an amount or a receiver (spec section 5). */
export class TransferFieldsRequiredError extends BaseError {
  override name = 'TransferFieldsRequiredError' as const
  override readonly code = 'TRANSFER_FIELDS_REQUIRED'
  constructor() {
    super('An amount and receiver address are required.')
  }
}

/** A transfer without a token to send (spec section 5). */
export class TransferTokenRequiredError extends BaseError {
  override name = 'TransferTokenRequiredError' as const
  override readonly code = 'TRANSFER_TOKEN_REQUIRED'
  constructor() {
    super('A token is required.')
  }
}

/** The chain's namespace has no way to send yet (spec section 5: only eip155 and solana). */
export class TransferChainUnsupportedError extends BaseError {
  override name = 'TransferChainUnsupportedError' as const
  override readonly code = 'TRANSFER_CHAIN_UNSUPPORTED'
  readonly namespace: string
  constructor(namespace: string) {
    super('Unsupported chain.', {
      details: `Transfers on "${namespace}" chains are not supported.`,
    })
    this.namespace = namespace
  }
}

/** The receiver is neither an address of the chain nor a name. */
export class InvalidTransferReceiverError extends BaseError {
  override name = 'InvalidTransferReceiverError' as const
  override readonly code = 'INVALID_TRANSFER_RECEIVER'
  /** `details`: what the chain expects, e.g. 'Invalid Solana address (base58, 32 bytes).' */
  constructor(receiver: string, details?: string | undefined) {
    super(`Receiver "${receiver}" is not a valid address.`, { details })
  }
}

/** A token's contract address that is not an address of the chain. */
export class InvalidTokenAddressError extends BaseError {
  override name = 'InvalidTokenAddressError' as const
  override readonly code = 'INVALID_TOKEN_ADDRESS'
  constructor(address: string) {
    super(`Token address "${address}" is not valid.`)
  }
}

/** The transaction was mined but reverted: nothing was sent. */
export class TransferRevertedError extends BaseError {
  override name = 'TransferRevertedError' as const
  override readonly code = 'TRANSFER_REVERTED'
  readonly hash: string
  constructor(hash: string) {
    super('The transfer failed on chain.', { details: `Transaction ${hash} reverted.` })
    this.hash = hash
  }
}

/** The gas or the fee of a transfer could not be estimated (the chain's RPC said no). */
export class TransferEstimateError extends BaseError {
  override name = 'TransferEstimateError' as const
  override readonly code = 'TRANSFER_ESTIMATE_FAILED'
  constructor(parameters: BaseErrorParameters) {
    super('The network fee could not be estimated.', parameters)
  }
}

/**
 * An account name could not be resolved to an address (spec section 8: 'Error resolving
 * name'): unknown (404), without an address for the chain, or the API failed.
 */
export class AccountNameResolutionError extends BaseError {
  override name = 'AccountNameResolutionError' as const
  override readonly code = 'NAME_RESOLUTION_FAILED'
  /** The full name, e.g. "alice.latch.id". */
  readonly accountName: string
  readonly status: number | undefined
  constructor(
    parameters: BaseErrorParameters & { accountName: string; status?: number | undefined },
  ) {
    super(`Error resolving name "${parameters.accountName}".`, parameters)
    this.accountName = parameters.accountName
    this.status = parameters.status
  }
}
