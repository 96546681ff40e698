import { NftFetchError } from '../../errors/nfts.ts'
import type { NftFetchOptions } from './createNftMetadataResolver.ts'
import { limitStream, openUrl, readLimited } from './openUrl.ts'

/** The image types the proxy passes on; anything else (HTML, scripts) is refused. */
export const allowedImageTypes: ReadonlySet<string> = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/svg+xml',
])

export type FetchNftImageParameters = NftFetchOptions & {
  /** The image URL from the NFT's metadata. */
  url: string
  /** Bound on the whole transfer, body included (default 10 s). */
  timeoutMs?: number | undefined
  /** Largest image passed on (default 5 MiB). */
  maxBytes?: number | undefined
}

export type FetchNftImageReturnType = {
  contentType: string
  /** Streamed when the host declared a length within the cap, read whole (capped) otherwise. */
  body: ReadableStream<Uint8Array> | Uint8Array<ArrayBuffer>
}

/**
 * Opens an NFT's image for the API to pass on: an allowed image type, at most `maxBytes`,
 * within `timeoutMs`. With a Content-Length the size is checked up front and the body streamed
 * (still counted); without one the body is read first, so an oversized image is a clean error
 * rather than a response cut short.
 */
export async function fetchNftImage({
  url,
  timeoutMs = 10_000,
  maxBytes = 5 * 1024 * 1024,
  ...options
}: FetchNftImageParameters): Promise<FetchNftImageReturnType> {
  const response = await openUrl(url, {
    ...options,
    signal: AbortSignal.timeout(timeoutMs),
    accept: [...allowedImageTypes].join(', '),
  })
  const contentType =
    (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  const declared = response.headers.get('content-length')
  const contentLength = declared !== null && /^\d+$/.test(declared) ? Number(declared) : undefined
  const refuse = async (reason: string) => {
    await response.body?.cancel().catch(() => {})
    return new NftFetchError({ reason })
  }
  if (!allowedImageTypes.has(contentType))
    throw await refuse(
      `the content type "${contentType.slice(0, 60)}" is not an allowed image type`,
    )
  if (contentLength !== undefined && contentLength > maxBytes)
    throw await refuse(`more than ${maxBytes} bytes`)
  if (!response.body) throw await refuse('an empty body')
  if (contentLength === undefined)
    return { contentType, body: await readLimited(response, maxBytes) }
  return { contentType, body: limitStream(response.body, maxBytes) }
}
