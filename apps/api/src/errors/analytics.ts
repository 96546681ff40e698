import { BaseError } from './base.ts'

/** `POST /e` for a project whose analytics is off (LATCH_ANALYTICS, the project's feature). */
export class AnalyticsDisabledError extends BaseError {
  override name = 'AnalyticsDisabledError'
  constructor() {
    super('Analytics is off for this project: no event is recorded.', {
      code: 'NOT_FOUND',
      metaMessages: ["Turn it on with LATCH_ANALYTICS=on or the project's analytics feature."],
    })
  }
}
