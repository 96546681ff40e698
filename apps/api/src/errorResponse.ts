import type { ApiError, ApiErrorCode } from '@latch/api-contract'
import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { BaseError } from './errors/base.ts'

const statusByCode: Record<ApiErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  NOT_FOUND: 404,
  CONFLICT: 409,
  UPSTREAM_UNAVAILABLE: 502,
  INTERNAL: 500,
  DATABASE_UNAVAILABLE: 503,
  RATE_LIMITED: 429,
}

/** Answers a known error as `{ error: { code, message } }` with the status its code implies. */
export function errorResponse(c: Context, error: BaseError): Response {
  const body: ApiError = { error: { code: error.code, message: error.shortMessage } }
  const status = (error.status ?? statusByCode[error.code]) as ContentfulStatusCode
  return c.json(body, status)
}

/** The bare 500 answered for anything unexpected; details go to the log, never to the client. */
export function internalErrorResponse(c: Context): Response {
  const body: ApiError = { error: { code: 'INTERNAL', message: 'Internal server error.' } }
  return c.json(body, 500)
}
