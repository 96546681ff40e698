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

/**
 * `getCapabilities` was called without the account to ask about (spec section 5:
 * 'wallet_getCapabilities requires an address parameter'). A validation error: it shows its
 * own sentence.
 */
export class CapabilitiesAddressRequiredError extends BaseError {
  override name = 'CapabilitiesAddressRequiredError' as const
  override readonly code = 'CAPABILITIES_ADDRESS_REQUIRED'
  constructor() {
    super('wallet_getCapabilities requires an address parameter.')
  }
}

/**
 * The bundler named by a WalletConnect session (`bundler_name` through the Latch API, or
 * `bundler_url`) answered a non-OK HTTP status for `eth_getUserOperationReceipt` (spec
 * section 8: 'Failed to fetch user operation receipt - {status}').
 */
export class UserOperationReceiptError extends BaseError {
  override name = 'UserOperationReceiptError' as const
  override readonly code = 'USER_OPERATION_RECEIPT_FAILED'
  readonly status: number | undefined
  constructor(parameters: BaseErrorParameters & { status?: number | undefined } = {}) {
    super(
      `Failed to fetch user operation receipt - ${parameters.status ?? 'no answer'}`,
      parameters,
    )
    this.status = parameters.status
  }
}

/**
 * A batch of calls (EIP-5792) was still pending when `waitForCallsStatus` gave up: it may
 * still land; the wallet's own activity shows it.
 */
export class CallsStatusTimeoutError extends BaseError {
  override name = 'CallsStatusTimeoutError' as const
  override readonly code = 'CALLS_STATUS_TIMEOUT'
  readonly id: string
  constructor(parameters: { id: string; timeoutMs: number }) {
    super('The wallet did not confirm the batch of calls in time.', {
      details: `Batch "${parameters.id}" was still pending after ${parameters.timeoutMs} ms.`,
    })
    this.id = parameters.id
  }
}

/**
 * The wallet could not list the account's assets (EIP-7811 `wallet_getAssets`: no such method,
 * refused, or an answer that does not read); the account panel then asks the API.
 */
export class WalletAssetsUnavailableError extends BaseError {
  override name = 'WalletAssetsUnavailableError' as const
  override readonly code = 'WALLET_ASSETS_UNAVAILABLE'
  constructor(parameters: BaseErrorParameters = {}) {
    super('The wallet did not list its assets.', parameters)
  }
}
