import { BaseError } from './base.ts'

/** The signature is longer than any account's needs to be (a cap on the verification's work). */
export class SignatureTooLongError extends BaseError {
  override name = 'SignatureTooLongError'
  constructor({ maxBytes }: { maxBytes: number }) {
    super(`The signature is longer than ${maxBytes} bytes.`, { code: 'BAD_REQUEST' })
  }
}
