import { BaseError, type BaseErrorParameters } from './base.ts'

/** The person closed one of the frame's dialogs (Cancel or Escape) without finishing it. */
export class FrameUiCancelledError extends BaseError {
  override name = 'FrameUiCancelledError' as const
  override readonly code = 'FRAME_UI_CANCELLED'
  constructor(parameters: BaseErrorParameters = {}) {
    super('The dialog was cancelled.', parameters)
  }
}
