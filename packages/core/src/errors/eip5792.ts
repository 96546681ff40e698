import { BaseError, type BaseErrorParameters } from './base.ts'

/**
 * The wallet does not answer EIP-5792 `wallet_getCapabilities` (it lacks the method, or refuses
 * this app): spec section 8's 'This application might not support Smart Accounts'.
 */
export class SmartAccountsUnsupportedError extends BaseError {
  override name = 'SmartAccountsUnsupportedError' as const
  override readonly code = 'SMART_ACCOUNTS_UNSUPPORTED'
  constructor(parameters: BaseErrorParameters = {}) {
    super('This application might not support Smart Accounts', parameters)
  }
}

/**
 * The wallet does not answer EIP-5792 `wallet_getCallsStatus` (it lacks the method, or did not
 * approve it for this app): spec section 8's 'Fetching call status not approved by the wallet.'
 */
export class CallsStatusNotApprovedError extends BaseError {
  override name = 'CallsStatusNotApprovedError' as const
  override readonly code = 'CALLS_STATUS_NOT_APPROVED'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Fetching call status not approved by the wallet.', parameters)
  }
}
