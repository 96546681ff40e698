import { BaseError, type BaseErrorParameters } from './base.ts'

/** The person declined to sign a message in the wallet (spec section 8: 'Signature declined'). */
export class SignatureDeclinedError extends BaseError {
  override name = 'SignatureDeclinedError' as const
  override readonly code = 'SIGNATURE_DECLINED'
  constructor(parameters: BaseErrorParameters = {}) {
    super('Signature declined.', parameters)
  }
}
