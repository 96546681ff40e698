import type { LatchConfig } from '../createLatchConfig.ts'
import type { FetchLike } from '../types.ts'

export type RequestApiParameters<E extends Error> = {
  /** Path under the API's base URL, segments already encoded: "/v1/account/0x.../nfts". */
  path: string
  /** Query parameters besides `projectId`; undefined ones are left out. */
  query?: Readonly<Record<string, string | number | undefined>> | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
  /** A JSON body: the request is then a POST. */
  body?: unknown
  /** The domain error for a failed call: an error answer (with its status) or no answer. */
  toError(parameters: {
    status?: number | undefined
    details?: string | undefined
    cause?: unknown
  }): E
}

/**
 * GETs JSON from the Latch API with the project id (or POSTs `body` as JSON); any failure (offline, an error answer,
 * a body that is not JSON) becomes the caller's domain error, with the API's message as details.
 */
export async function requestApi<E extends Error>(
  config: Pick<LatchConfig, 'apiUrl' | 'projectId' | 'fetch'>,
  parameters: RequestApiParameters<E>,
): Promise<unknown> {
  const query = Object.entries({ projectId: config.projectId, ...parameters.query })
    .flatMap(([key, value]) =>
      value === undefined ? [] : [`${key}=${encodeURIComponent(String(value))}`],
    )
    .join('&')
  const fetchFn = config.fetch ?? (globalThis as { fetch?: FetchLike }).fetch
  if (!fetchFn) throw parameters.toError({ details: 'No fetch available.' })

  let response: Awaited<ReturnType<FetchLike>>
  try {
    response = await fetchFn(
      `${config.apiUrl}${parameters.path}?${query}`,
      parameters.body === undefined
        ? { headers: { accept: 'application/json' }, signal: parameters.signal }
        : {
            method: 'POST',
            headers: { accept: 'application/json', 'content-type': 'application/json' },
            body: JSON.stringify(parameters.body),
            signal: parameters.signal,
          },
    )
  } catch (cause) {
    throw parameters.toError({ cause })
  }
  const body = await response.json().catch(() => undefined)
  if (!response.ok) {
    const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message
    throw parameters.toError({
      status: response.status,
      details: typeof message === 'string' ? message : `HTTP ${response.status}`,
    })
  }
  if (body === undefined) throw parameters.toError({ details: 'The answer is not JSON.' })
  return body
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

/** A plain object, for checking API answers by hand (zod stays out of the first bundle). */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null
}
