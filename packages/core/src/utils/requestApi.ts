import type { LatchConfig } from '../createLatchConfig.ts'
import { SessionExpiredError, sessionExpiredServerText } from '../errors/session.ts'
import type { FetchLike, Scheduler } from '../types.ts'
import { fetchWithRetry } from './fetchWithRetry.ts'
import { type ApiResponseSchema, parseApiResponse } from './parseApiResponse.ts'
import { sdkHeaders } from './sdkHeaders.ts'

export type RequestApiParameters<E extends Error, T = unknown> = {
  /** Path under the API's base URL, segments already encoded: "/v1/account/0x.../nfts". */
  path: string
  /** Query parameters besides `projectId`; undefined ones are left out. */
  query?: Readonly<Record<string, string | number | undefined>> | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
  /** A JSON body: the request is then a POST. */
  body?: unknown
  /**
   * A POST that creates nothing (a read with a body, e.g. prices) may be retried like a GET;
   * default: GETs are retried (spec section 9's HTTP retry), POSTs are not.
   */
  idempotent?: boolean | undefined
  /**
   * The contract's schema of a successful answer (`@latch/api-contract`): the answer is parsed
   * with it, and one that does not match is the domain error too. Without it, the JSON as is.
   */
  schema?: ApiResponseSchema<T> | undefined
  /** The domain error for a failed call: an error answer (with its status) or no answer. */
  toError(parameters: {
    status?: number | undefined
    details?: string | undefined
    cause?: unknown
  }): E
}

/**
 * GETs JSON from the Latch API with the project id and the SDK headers (or POSTs `body` as JSON) and parses it with
 * the contract's `schema`; any failure (offline, an error answer, a body that is not JSON or
 * does not match) becomes the caller's domain error, with the API's message as details; the
 * API's 'JWT validation error' text is a `SessionExpiredError` (its cause the domain error).
 */
export async function requestApi<E extends Error, T = unknown>(
  config: Pick<LatchConfig, 'apiUrl' | 'projectId' | 'fetch'> & {
    /** Timers for the retry waits; default the host's. */
    readonly scheduler?: Scheduler | undefined
  },
  parameters: RequestApiParameters<E, T>,
): Promise<T> {
  const query = Object.entries({ projectId: config.projectId, ...parameters.query })
    .flatMap(([key, value]) =>
      value === undefined ? [] : [`${key}=${encodeURIComponent(String(value))}`],
    )
    .join('&')
  const fetchFn = config.fetch ?? (globalThis as { fetch?: FetchLike }).fetch
  if (!fetchFn) throw parameters.toError({ details: 'No fetch available.' })

  let response: Awaited<ReturnType<FetchLike>>
  try {
    response = await fetchWithRetry({
      fetch: fetchFn,
      url: `${config.apiUrl}${parameters.path}?${query}`,
      retry: parameters.body === undefined || parameters.idempotent === true,
      scheduler: config.scheduler,
      init:
        parameters.body === undefined
          ? { headers: { accept: 'application/json', ...sdkHeaders }, signal: parameters.signal }
          : {
              method: 'POST',
              headers: {
                accept: 'application/json',
                'content-type': 'application/json',
                ...sdkHeaders,
              },
              body: JSON.stringify(parameters.body),
              signal: parameters.signal,
            },
    })
  } catch (cause) {
    throw parameters.toError({ cause })
  }
  const body = await response.json().catch(() => undefined)
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message
    // Spec section 8's server text: the session, not this call, is what failed.
    if (message === sessionExpiredServerText)
      throw new SessionExpiredError({
        details: message,
        cause: parameters.toError({ status: response.status, details: message }),
      })
    throw parameters.toError({
      status: response.status,
      details: typeof message === 'string' ? message : `HTTP ${response.status}`,
    })
  }
  if (body === undefined) throw parameters.toError({ details: 'The answer is not JSON.' })
  if (!parameters.schema) return body as T
  return parseApiResponse(parameters.schema, body, parameters.toError)
}

/**
 * An image URL from the API that a page may load: absolute http(s) as given, an API path
 * ("/v1/nft-image/...") on the API's origin; anything else (javascript:, empty) is dropped.
 */
export function resolveApiImageUrl(apiUrl: string, url: unknown): string | undefined {
  if (typeof url !== 'string' || !url) return undefined
  if (/^https?:\/\//i.test(url) || /^data:image\//i.test(url)) return url
  if (url.startsWith('/') && !url.startsWith('//')) return `${apiUrl}${url}`
  return undefined
}

/** A plain object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
