import { sessionMessages } from '@latch/api-contract'
import { BaseError } from './base.ts'

/** Quotes a client-supplied value for an error message, cut short so a message stays readable. */
function quote(value: string): string {
  const shown = value.length > 66 ? `${value.slice(0, 63)}...` : value
  return JSON.stringify(shown)
}

/** A sign-in came without an `Origin` header (or an opaque one): its domain cannot be checked. */
export class SignInOriginRequiredError extends BaseError {
  override name = 'SignInOriginRequiredError'
  constructor() {
    super(sessionMessages.originRequired, { code: 'BAD_REQUEST' })
  }
}

/** The text is not an EIP-4361 message; `reason` names the first problem. */
export class InvalidSignInMessageError extends BaseError {
  override name = 'InvalidSignInMessageError'
  constructor({ reason }: { reason: string }) {
    super(`The sign-in message is not a valid EIP-4361 message: ${reason}`, {
      code: 'BAD_REQUEST',
    })
  }
}

/** The message was written for another site than the page calling the API. */
export class SignInOriginMismatchError extends BaseError {
  override name = 'SignInOriginMismatchError'
  constructor({ field, value, expected }: { field: string; value: string; expected: string }) {
    super(`The sign-in message's ${field} ${quote(value)} is not the page's ${quote(expected)}.`, {
      code: 'UNAUTHORIZED',
    })
  }
}

/** The message's nonce was not handed out to this project by `POST /v1/auth/nonce`. */
export class SignInNonceUnknownError extends BaseError {
  override name = 'SignInNonceUnknownError'
  constructor() {
    super('The sign-in nonce is unknown; ask for a new one.', { code: 'UNAUTHORIZED' })
  }
}

/** The message's nonce is older than its 10 minutes. */
export class SignInNonceExpiredError extends BaseError {
  override name = 'SignInNonceExpiredError'
  constructor() {
    super('The sign-in nonce expired; ask for a new one.', { code: 'UNAUTHORIZED' })
  }
}

/** The message's nonce already opened a session: a replay. */
export class SignInMessageUsedError extends BaseError {
  override name = 'SignInMessageUsedError'
  constructor() {
    super(sessionMessages.messageAlreadyUsed, { code: 'UNAUTHORIZED' })
  }
}

/** The message's validity window (`Issued At`, `Expiration Time`, `Not Before`) excludes now. */
export class SignInMessageTimeError extends BaseError {
  override name = 'SignInMessageTimeError'
  constructor({
    problem,
    time,
  }: { problem: 'issuedInFuture' | 'expired' | 'notYetValid'; time: Date }) {
    const at = time.toISOString()
    const message = {
      issuedInFuture: `The sign-in message is issued in the future (${at}); check the device clock.`,
      expired: `The sign-in message expired at ${at}.`,
      notYetValid: `The sign-in message is not valid before ${at}.`,
    }[problem]
    super(message, { code: 'UNAUTHORIZED' })
  }
}

/** The signature is not the address's (EOA, ERC-1271 or ERC-6492) signature of the text. */
export class InvalidSignatureError extends BaseError {
  override name = 'InvalidSignatureError'
  constructor({ address, what }: { address: string; what: 'sign-in message' | 'revocation' }) {
    super(`The ${what} is not signed by ${quote(address)}.`, { code: 'UNAUTHORIZED' })
  }
}

/** No session with that id belongs to the address in this project. */
export class SessionNotFoundError extends BaseError {
  override name = 'SessionNotFoundError'
  constructor({ id, address }: { id: string; address: string }) {
    super(`No session ${quote(id)} for ${quote(address)}.`, { code: 'NOT_FOUND' })
  }
}

/** The message's `Expiration Time` is further away than the longest session (LATCH_SESSION_MAX_HOURS). */
export class SessionTooLongError extends BaseError {
  override name = 'SessionTooLongError'
  constructor({ time, maxHours }: { time: Date; maxHours: number }) {
    super(
      `The sign-in message's Expiration Time ${time.toISOString()} is more than ${maxHours} hours away: sessions last at most ${maxHours} hours.`,
      { code: 'BAD_REQUEST' },
    )
  }
}
