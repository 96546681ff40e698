import { z } from 'zod'

/** Every API error answers with this body and a 4xx/5xx status. */
export const apiErrorSchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
})
export type ApiError = z.infer<typeof apiErrorSchema>

/** Error codes the API answers with; the UI maps them to the spec's messages. */
export const apiErrorCodes = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'NOT_FOUND',
  'CONFLICT',
  'UPSTREAM_UNAVAILABLE',
  'INTERNAL',
  /** 503, with `Retry-After`: the database is down or overloaded; try again shortly. */
  'DATABASE_UNAVAILABLE',
  /** 429, with `Retry-After`: a rate limit or quota; try again later. */
  'RATE_LIMITED',
] as const
export type ApiErrorCode = (typeof apiErrorCodes)[number]

/** The server texts of spec section 8 that clients map to alerts. */
export const serverMessages = {
  invalidKey: 'Unauthorized: invalid key',
  originNotAllowed: 'Unauthorized: origin not allowed',
} as const
