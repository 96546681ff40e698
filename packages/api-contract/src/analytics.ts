import { z } from 'zod'

/** `GET /getAnalyticsConfig` (spec section 7): whether the project's events are collected. */
export const analyticsConfigResponseSchema = z.object({ isAnalyticsEnabled: z.boolean() })
export type AnalyticsConfigResponse = z.infer<typeof analyticsConfigResponseSchema>

/** The most events one `POST /e` carries. */
export const maxAnalyticsBatch = 25
/** The largest `POST /e` body, in bytes. */
export const maxAnalyticsBodyBytes = 16 * 1024

/** An event's name: upper snake case, like `MODAL_OPEN` or `CONNECT_SUCCESS`. */
export const analyticsEventNameSchema = z
  .string()
  .regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'An event name is upper snake case, like "MODAL_OPEN".')

/** A property's value: a short string, a number, a boolean or null. */
const analyticsValueSchema = z.union([
  z.string().max(256, 'A property value is at most 256 characters.'),
  z.number().finite(),
  z.boolean(),
  z.null(),
])

/** One event, in the reference client's shape (`props.type`, `props.event`, `props.properties`). */
export const analyticsEventSchema = z.strictObject({
  eventId: z.string().max(64).optional(),
  /** When it happened, in ms since 1970; the server's time when absent. */
  timestamp: z.number().int().nonnegative().optional(),
  url: z.string().max(2048).optional(),
  domain: z.string().max(253).optional(),
  props: z.strictObject({
    type: z.literal('track').default('track'),
    event: analyticsEventNameSchema,
    /** Stored only when the operator keeps addresses (LATCH_ANALYTICS_KEEP_ADDRESS). */
    address: z.string().max(128).optional(),
    properties: z
      .record(
        z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,39}$/, 'A property name is a short identifier.'),
        analyticsValueSchema,
      )
      .refine((value) => Object.keys(value).length <= 20, 'An event has at most 20 properties.')
      .optional(),
  }),
})
export type AnalyticsEvent = z.input<typeof analyticsEventSchema>

/** `POST /e` with a batch: `{ events: [...] }` (at most `maxAnalyticsBatch`). */
export const analyticsBatchSchema = z.strictObject({
  events: z
    .array(analyticsEventSchema)
    .min(1, 'events holds at least one event.')
    .max(maxAnalyticsBatch, `events holds at most ${maxAnalyticsBatch} events.`),
})

/** `POST /e`: one event, or a batch (a body with `events` is read as a batch). */
export const analyticsBodySchema = z.union([analyticsEventSchema, analyticsBatchSchema])

/** `POST /e`'s answer: how many events were stored. */
export const analyticsResponseSchema = z.object({ accepted: z.number().int().nonnegative() })
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>
