import type { ApiError } from '@latch/api-contract'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { BaseError, ErrorCode } from './errors/base.ts'

const statusByCode: Record<ErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UPSTREAM_UNAVAILABLE: 502,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
  RATE_LIMITED: 429,
  EMAIL_COOLDOWN: 429,
  INVALID_OTP: 400,
  OTP_EXPIRED: 400,
  DEVICE_NOT_APPROVED: 403,
  SESSION_EXPIRED: 401,
  ORIGIN_NOT_ALLOWED: 403,
  WALLET_EXISTS: 409,
  EMAIL_TAKEN: 409,
  PROVIDER_NOT_CONFIGURED: 404,
  SOCIAL_DENIED: 400,
  SOCIAL_STATE_MISMATCH: 400,
  SOCIAL_EXPIRED: 400,
  PROVIDER_UNAVAILABLE: 502,
  FARCASTER_INVALID: 400,
  IDENTITY_TAKEN: 409,
}

/** Answers a known error as `{ error: { code, message } }` with the status its code implies. */
export function errorResponse(c: Context, error: BaseError): Response {
  const body: ApiError = {
    error: { code: error.code, message: error.shortMessage, ...error.details },
  }
  const status = (error.status ?? statusByCode[error.code]) as ContentfulStatusCode
  const retryAfter = error.details?.retryAfterSeconds
  if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter))
  return c.json(body, status)
}

/** The bare 500 answered for anything unexpected; details go to the log, never to the client. */
export function internalErrorResponse(c: Context): Response {
  const body: ApiError = { error: { code: 'INTERNAL', message: 'Internal server error.' } }
  return c.json(body, 500)
}
