import { type SocialButton, socialProviderNames } from '@latch/api-contract'
import { BaseError } from './base.ts'

/** The provider is not configured here (no client id, and no devnet stand-in): a 404. */
export class ProviderNotConfiguredError extends BaseError {
  override name = 'ProviderNotConfiguredError'
  constructor({ provider }: { provider: SocialButton }) {
    super(`Sign-in with ${socialProviderNames[provider]} is not available here.`, {
      code: 'PROVIDER_NOT_CONFIGURED',
    })
  }
}

/** The person declined at the provider (spec wording): a 400. */
export class SocialDeniedError extends BaseError {
  override name = 'SocialDeniedError'
  constructor({ provider }: { provider: SocialButton }) {
    super(`You declined the sign-in with ${socialProviderNames[provider]}.`, {
      code: 'SOCIAL_DENIED',
    })
  }
}

/**
 * The answer does not belong to this flow: unknown state, another device, project or
 * provider, or the wrong flow secret. Nothing is created.
 */
export class SocialStateMismatchError extends BaseError {
  override name = 'SocialStateMismatchError'
  constructor() {
    super('This sign-in was not started here: start again.', { code: 'SOCIAL_STATE_MISMATCH' })
  }
}

/** The flow is used or older than 10 minutes, or the provider refused the code. */
export class SocialExpiredError extends BaseError {
  override name = 'SocialExpiredError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('This sign-in has expired or was already used: start again.', {
      code: 'SOCIAL_EXPIRED',
      cause,
    })
  }
}

/** The provider (or the Farcaster relay, or its chain) did not answer as it should: a 502. */
export class ProviderUnavailableError extends BaseError {
  override name = 'ProviderUnavailableError'
  constructor({ provider, cause }: { provider: SocialButton; cause?: unknown }) {
    super(`${socialProviderNames[provider]} did not answer as expected: try again in a moment.`, {
      code: 'PROVIDER_UNAVAILABLE',
      cause,
    })
  }
}

/** The Farcaster message or signature does not hold (domain, nonce, expiry, custody). */
export class FarcasterInvalidError extends BaseError {
  override name = 'FarcasterInvalidError'
  constructor({ reason }: { reason: string }) {
    super('The Farcaster sign-in could not be verified: start again.', {
      code: 'FARCASTER_INVALID',
      metaMessages: [`Reason: ${reason}`],
    })
  }
}

/** Linking an identity that another user has: a 409. */
export class IdentityTakenError extends BaseError {
  override name = 'IdentityTakenError'
  constructor({ provider }: { provider: SocialButton }) {
    super(`This ${socialProviderNames[provider]} account is already linked to another wallet.`, {
      code: 'IDENTITY_TAKEN',
    })
  }
}

/** An account without an email asked for something only an emailed code allows: a 409. */
export class EmailRequiredError extends BaseError {
  override name = 'EmailRequiredError'
  constructor({ action }: { action: string }) {
    super(`Add an email to this wallet before ${action}.`, { code: 'CONFLICT' })
  }
}
