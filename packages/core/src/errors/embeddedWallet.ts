import { BaseError, type BaseErrorParameters } from './base.ts'

/**
 * The embedded wallet's secure frame did not say it was ready within the load timeout (spec
 * section 8: `iframe_load_failed`, 20 s; alert 'Network Error - Could not load embedded
 * wallet'): the auth site is down, blocked by the page's CSP, or refuses this page's origin.
 */
export class EmbeddedWalletLoadError extends BaseError {
  override name = 'EmbeddedWalletLoadError' as const
  override readonly code = 'iframe_load_failed'
  constructor(parameters: { authUrl: string; timeoutMs: number }) {
    super('Network Error - Could not load embedded wallet.', {
      metaMessages: [
        `The frame of "${parameters.authUrl}" did not answer within ${parameters.timeoutMs} ms.`,
        "Check that the auth site runs and allows this page's origin.",
      ],
    })
  }
}

/**
 * A request to the embedded wallet's frame got no answer in time (spec section 8:
 * `iframe_request_timeout`, 30 s for connect calls; alert 'Embedded Wallet Request Timed Out').
 */
export class EmbeddedWalletTimeoutError extends BaseError {
  override name = 'EmbeddedWalletTimeoutError' as const
  override readonly code = 'iframe_request_timeout'
  readonly method: string
  constructor(parameters: { method: string; timeoutMs: number }) {
    super('Embedded Wallet Request Timed Out.', {
      metaMessages: [`"${parameters.method}" got no answer within ${parameters.timeoutMs} ms.`],
    })
    this.method = parameters.method
  }
}

/**
 * The frame refused a request: its own code (e.g. 'INVALID_OTP', 'OTP_EXPIRED',
 * 'DEVICE_NOT_APPROVED') and sentence, or 'An error occurred' when it gave none (spec
 * section 8: the default frame error).
 */
export class EmbeddedWalletRequestError extends BaseError {
  override name = 'EmbeddedWalletRequestError' as const
  override readonly code = 'EMBEDDED_WALLET_REQUEST_FAILED'
  /** The frame's code, as it sent it. */
  readonly frameCode: string | number | undefined
  constructor(parameters: { frameCode?: string | number | undefined; message?: string }) {
    super(parameters.message?.trim() || 'An error occurred.')
    this.frameCode = parameters.frameCode
  }
}

/**
 * A frame call ended without an answer because the frame went away (spec section 8: 'Something
 * went wrong' for aborted frame calls; an aborted RPC request carries an `AbortError` cause,
 * shown as 'Request was aborted').
 */
export class EmbeddedWalletAbortedError extends BaseError {
  override name = 'EmbeddedWalletAbortedError' as const
  override readonly code = 'EMBEDDED_WALLET_ABORTED'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Something went wrong.', parameters)
  }
}

/** Spec section 5: a new email attempt within 30 s of the last is refused. */
export class EmailCooldownError extends BaseError {
  override name = 'EmailCooldownError' as const
  override readonly code = 'EMAIL_COOLDOWN'
  /** Whole seconds to wait (rounded up). */
  readonly seconds: number
  constructor(seconds: number) {
    super(`Please try again after ${seconds} seconds.`)
    this.seconds = seconds
  }
}

/** The email is not a valid address (spec section 5); shown as it is, beside the field. */
export class InvalidEmailError extends BaseError {
  override name = 'InvalidEmailError' as const
  override readonly code = 'INVALID_EMAIL'
  constructor() {
    super('Enter a valid email address.')
  }
}
