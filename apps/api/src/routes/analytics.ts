import {
  type AnalyticsConfigResponse,
  type AnalyticsEvent,
  type AnalyticsResponse,
  analyticsBatchSchema,
  analyticsEventSchema,
  maxAnalyticsBodyBytes,
} from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import { AnalyticsDisabledError } from '../errors/analytics.ts'
import { InvalidRequestError, RequestBodyTooLargeError } from '../errors/request.ts'
import type { AnalyticsSettings } from '../services/analytics/analyticsSettings.ts'
import { isAnalyticsEnabled } from '../services/analytics/isAnalyticsEnabled.ts'
import { toAnalyticsRecords } from '../services/analytics/toAnalyticsRecords.ts'
import type { AnalyticsStore } from '../stores/analyticsStore.ts'
import { readJsonObject } from './readJsonObject.ts'

/**
 * `GET /getAnalyticsConfig` and `POST /e` (spec section 7). Both need a known project (and,
 * from a browser, an allowed origin: a refused one is the 403 the page shows as 'Invalid App
 * Configuration'). Events are stored only when analytics is on for the project.
 */
export function analyticsRoute({
  store,
  settings,
}: {
  store: AnalyticsStore
  settings: AnalyticsSettings
}) {
  return new Hono<AppEnv>()
    .get('/getAnalyticsConfig', (c) => {
      c.header('Cache-Control', 'private, max-age=60')
      return c.json({
        isAnalyticsEnabled: isAnalyticsEnabled(c.get('project'), settings),
      } satisfies AnalyticsConfigResponse)
    })
    .post('/e', async (c) => {
      const project = c.get('project')
      const text = await c.req.text()
      if (new TextEncoder().encode(text).byteLength > maxAnalyticsBodyBytes)
        throw new RequestBodyTooLargeError({ maxBytes: maxAnalyticsBodyBytes })
      const { projectId: _projectId, ...body } = readJsonObject(text)
      const parsed =
        'events' in body
          ? analyticsBatchSchema.safeParse(body)
          : analyticsEventSchema.safeParse(body)
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
        throw new InvalidRequestError({
          message: `${where}${issue?.message ?? 'The event is invalid.'}`,
        })
      }
      if (!isAnalyticsEnabled(project, settings)) throw new AnalyticsDisabledError()
      const events: AnalyticsEvent[] = 'events' in parsed.data ? parsed.data.events : [parsed.data]
      const records = toAnalyticsRecords({
        projectId: project.id,
        events,
        settings,
        sdkType: c.req.header('x-sdk-type'),
        sdkVersion: c.req.header('x-sdk-version'),
      })
      await store.insert(records)
      c.header('Cache-Control', 'no-store')
      return c.json({ accepted: records.length } satisfies AnalyticsResponse)
    })
}
