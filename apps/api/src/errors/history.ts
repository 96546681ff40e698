import { BaseError } from './base.ts'

/** A history `cursor` that no page of this API handed out. */
export class InvalidCursorError extends BaseError {
  override name = 'InvalidCursorError'
  constructor() {
    super('Invalid cursor.', { code: 'BAD_REQUEST' })
  }
}
