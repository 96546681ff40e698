import { BaseError, type BaseErrorParameters } from './base.ts'

type ApiFailureParameters = BaseErrorParameters & { status?: number | undefined }

/** A name label breaks spec section 5's rule; checked before anything is signed. */
export class InvalidNameLabelError extends BaseError {
  override name = 'InvalidNameLabelError' as const
  override readonly code = 'INVALID_NAME_LABEL'
  constructor(label: string) {
    super(`Name "${label}" is not valid.`, {
      metaMessages: ['Names use letters, digits and hyphens, at least 4 characters.'],
    })
  }
}

/** Registering a name failed (spec section 8: 'Error registering name {name}'). */
export class NameRegistrationError extends BaseError {
  override name = 'NameRegistrationError' as const
  override readonly code = 'NAME_REGISTRATION_FAILED'
  /** The full name, e.g. "alice.latch.id". */
  readonly accountName: string
  readonly status: number | undefined
  constructor(parameters: ApiFailureParameters & { accountName: string }) {
    super(`Error registering name "${parameters.accountName}".`, parameters)
    this.accountName = parameters.accountName
    this.status = parameters.status
  }
  /** The API refused because someone holds the name (409). */
  get isTaken(): boolean {
    return this.status === 409
  }
}

/** The Latch API could not suggest names (spec section 8: 'Error fetching name suggestions'). */
export class NameSuggestionsUnavailableError extends BaseError {
  override name = 'NameSuggestionsUnavailableError' as const
  override readonly code = 'NAME_SUGGESTIONS_UNAVAILABLE'
  readonly status: number | undefined
  constructor(parameters: ApiFailureParameters) {
    super('Error fetching name suggestions.', parameters)
    this.status = parameters.status
  }
}

/** The Latch API could not list an address's names (spec section 8). */
export class AccountNamesUnavailableError extends BaseError {
  override name = 'AccountNamesUnavailableError' as const
  override readonly code = 'ACCOUNT_NAMES_UNAVAILABLE'
  readonly status: number | undefined
  constructor(parameters: ApiFailureParameters) {
    super('Error fetching names for address.', parameters)
    this.status = parameters.status
  }
}
