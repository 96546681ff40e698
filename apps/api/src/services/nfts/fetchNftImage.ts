import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'
import { openUrl, readBody } from './openUrl.ts'

/** The image types the proxy passes on; anything else (HTML, scripts) is refused. */
export const allowedImageTypes: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
]

export type FetchNftImageParameters = {
  fetch: GuardedFetch
  ipfsGateway?: string | undefined
  /** The image URL from the NFT's metadata. */
  url: string
  /** Bound on the whole transfer, body included (default 10 s). */
  timeoutMs?: number | undefined
  /** Largest image passed on (default 5 MiB). */
  maxBytes?: number | undefined
  signal?: AbortSignal | undefined
}

export type FetchNftImageReturnType = { contentType: string; body: Uint8Array<ArrayBuffer> }

/**
 * Reads an NFT's image for the API to pass on and cache: an allowed image type, at most
 * `maxBytes` (counted while it streams), within `timeoutMs`. Read whole, so an oversized image
 * is a clean error rather than a response cut short.
 */
export async function fetchNftImage({
  url,
  timeoutMs = 10_000,
  maxBytes = 5 * 1024 * 1024,
  ...options
}: FetchNftImageParameters): Promise<FetchNftImageReturnType> {
  const response = await openUrl(url, {
    ...options,
    accept: allowedImageTypes,
    maxBytes,
    timeoutMs,
  })
  const contentType =
    (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  return { contentType, body: await readBody(response) }
}
