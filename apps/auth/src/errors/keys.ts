import { BaseError, type BaseErrorParameters } from './base.ts'

/** The bytes are not a valid secp256k1 private key (zero, not below the curve order, or not 32 bytes). */
export class InvalidPrivateKeyError extends BaseError {
  override name = 'InvalidPrivateKeyError' as const
  override readonly code = 'INVALID_PRIVATE_KEY'
  constructor(parameters: BaseErrorParameters = {}) {
    super('The private key is not a valid secp256k1 key.', parameters)
  }
}

/** A key share is malformed, or two shares cannot be combined into a valid key. */
export class InvalidShareError extends BaseError {
  override name = 'InvalidShareError' as const
  override readonly code = 'INVALID_SHARE'
  constructor(reason: string, parameters: BaseErrorParameters = {}) {
    super(`The key share is invalid: ${reason}.`, parameters)
  }
}

/**
 * The passphrase does not open the sealed recovery share. AES-GCM cannot tell a wrong
 * passphrase from an altered blob, so an altered blob ends here too.
 */
export class WrongPassphraseError extends BaseError {
  override name = 'WrongPassphraseError' as const
  override readonly code = 'WRONG_PASSPHRASE'
  constructor(parameters: BaseErrorParameters = {}) {
    super('The recovery passphrase is wrong.', parameters)
  }
}

/** A new recovery passphrase is shorter than the minimum (or absurdly long). */
export class InvalidPassphraseError extends BaseError {
  override name = 'InvalidPassphraseError' as const
  override readonly code = 'INVALID_PASSPHRASE'
  constructor(reason: string, parameters: BaseErrorParameters = {}) {
    super(reason, parameters)
  }
}

/** A sealed recovery share is not in a format this frame can open (not base64, too short, unknown version or cost). */
export class InvalidSealedShareError extends BaseError {
  override name = 'InvalidSealedShareError' as const
  override readonly code = 'INVALID_SEALED_SHARE'
  constructor(reason: string, parameters: BaseErrorParameters = {}) {
    super(`The sealed recovery share is invalid: ${reason}.`, parameters)
  }
}

/** A string meant to be base64 is not. */
export class InvalidBase64Error extends BaseError {
  override name = 'InvalidBase64Error' as const
  override readonly code = 'INVALID_BASE64'
  constructor(parameters: BaseErrorParameters = {}) {
    super('The value is not valid base64.', parameters)
  }
}

/** The frame's IndexedDB could not be opened or written (private mode, storage blocked, quota). */
export class DeviceStorageError extends BaseError {
  override name = 'DeviceStorageError' as const
  override readonly code = 'DEVICE_STORAGE_UNAVAILABLE'
  constructor(parameters: BaseErrorParameters = {}) {
    super('The browser storage of the embedded wallet is unavailable.', parameters)
  }
}
