import { BaseError } from './base.ts'

/** A new email to the same address within the cooldown (spec sections 5 and 9): a 429. */
export class EmailCooldownError extends BaseError {
  override name = 'EmailCooldownError'
  readonly retryAfterSeconds: number
  constructor({ retryAfterSeconds }: { retryAfterSeconds: number }) {
    // The spec's exact text, without a final period.
    super(`Please try again after ${retryAfterSeconds} seconds`, {
      code: 'EMAIL_COOLDOWN',
      details: { retryAfterSeconds },
    })
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** An hourly cap of the embedded wallet (codes per address, tries per address, per IP): a 429. */
export class EmbeddedLimitError extends BaseError {
  override name = 'EmbeddedLimitError'
  readonly retryAfterSeconds: number
  constructor({ what, retryAfterSeconds }: { what: string; retryAfterSeconds: number }) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60))
    super(
      `Too many ${what} in the last hour: try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      { code: 'RATE_LIMITED', details: { retryAfterSeconds } },
    )
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** The code does not match; `triesLeft` more are allowed. */
export class InvalidOtpError extends BaseError {
  override name = 'InvalidOtpError'
  constructor({ triesLeft }: { triesLeft: number }) {
    super(`The code is not correct: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`, {
      code: 'INVALID_OTP',
    })
  }
}

/** No usable code: none was sent, it expired, it was used, or it ran out of tries. */
export class OtpExpiredError extends BaseError {
  override name = 'OtpExpiredError'
  constructor({ reason }: { reason: 'none' | 'expired' | 'used' | 'attempts' }) {
    const message = {
      none: 'There is no code to check: ask for a new one.',
      expired: 'The code has expired: ask for a new one.',
      used: 'The code was already used: ask for a new one.',
      attempts: 'The code was entered wrong too many times: ask for a new one.',
    }[reason]
    super(message, { code: 'OTP_EXPIRED' })
  }
}

/** A known user's new device that the emailed link has not approved yet. */
export class DeviceNotApprovedError extends BaseError {
  override name = 'DeviceNotApprovedError'
  constructor() {
    super('This device is not approved yet: open the link in the email first.', {
      code: 'DEVICE_NOT_APPROVED',
    })
  }
}

/** No bearer token, or one whose session expired or was signed out. */
export class SessionExpiredError extends BaseError {
  override name = 'SessionExpiredError'
  constructor({ reason }: { reason: 'missing' | 'invalid' }) {
    super(
      reason === 'missing'
        ? 'Sign in first: the request has no session token.'
        : 'The session has expired or was signed out: sign in again.',
      { code: 'SESSION_EXPIRED' },
    )
  }
}

/** `/auth/v1` called from another origin than the embedded wallet's site (LATCH_AUTH_URL). */
export class AuthOriginNotAllowedError extends BaseError {
  override name = 'AuthOriginNotAllowedError'
  constructor({ origin }: { origin: string | undefined }) {
    super('Only the embedded wallet site may call this.', {
      code: 'ORIGIN_NOT_ALLOWED',
      metaMessages: [`Origin: ${JSON.stringify((origin ?? '(none)').slice(0, 100))}`],
    })
  }
}

/** The user already has a wallet: its shares are never replaced. */
export class WalletExistsError extends BaseError {
  override name = 'WalletExistsError'
  constructor() {
    super('This account already has a wallet.', { code: 'WALLET_EXISTS' })
  }
}

/** The new email belongs to another user. */
export class EmailTakenError extends BaseError {
  override name = 'EmailTakenError'
  constructor() {
    super('That email is already used by another account.', { code: 'EMAIL_TAKEN' })
  }
}

/** The sign-in email could not be sent (the SMTP server failed or timed out): a 503. */
export class MailUnavailableError extends BaseError {
  override name = 'MailUnavailableError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('The email could not be sent right now: try again in a moment.', {
      code: 'UPSTREAM_UNAVAILABLE',
      status: 503,
      cause,
    })
  }
}
