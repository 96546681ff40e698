import { NftFetchError } from '../../errors/nfts.ts'
import { OutboundFetchError } from '../../errors/outbound.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'

export type OpenUrlOptions = {
  /** The guarded fetcher every outbound request goes through. */
  fetch: GuardedFetch
  /** Where `ipfs://` URLs are read (default https://ipfs.io). */
  ipfsGateway?: string | undefined
  /** Media types accepted (checked on http(s) and data: answers alike). */
  accept: readonly string[]
  maxBytes: number
  timeoutMs: number
  /** The asking request's signal. */
  signal?: AbortSignal | undefined
}

/**
 * GETs a URL that a contract chose (tokenURI, image): http(s) through the guarded fetcher,
 * `ipfs://` through a gateway, or a `data:` URL decoded here. Any failure, refusal included, is
 * an NftFetchError; a 2xx answer is returned with its body still to read (and still capped).
 */
export async function openUrl(url: string, options: OpenUrlOptions): Promise<Response> {
  const { fetch, ipfsGateway = 'https://ipfs.io', accept, maxBytes, timeoutMs, signal } = options
  const trimmed = url.trim()
  if (/^data:/i.test(trimmed)) return openDataUrl(trimmed, { accept, maxBytes })
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?(.+)$/i.exec(trimmed)?.[1]
  const target = ipfs ? `${ipfsGateway.replace(/\/$/, '')}/ipfs/${ipfs}` : trimmed
  let response: Response
  try {
    response = await fetch(target, { accept, maxBytes, timeoutMs, signal })
  } catch (error) {
    throw toNftFetchError(error)
  }
  if (!response.ok) {
    await response.body?.cancel().catch(() => {})
    throw new NftFetchError({ reason: `the host answered ${response.status}` })
  }
  return response
}

/** Reads a whole answer opened by `openUrl` (already capped), as an NftFetchError on failure. */
export async function readBody(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  try {
    return new Uint8Array(await response.arrayBuffer())
  } catch (error) {
    throw toNftFetchError(error)
  }
}

/** A guarded-fetch refusal in NFT words (the same reason), anything else as "failed". */
export function toNftFetchError(error: unknown): NftFetchError {
  if (error instanceof NftFetchError) return error
  if (error instanceof OutboundFetchError)
    return new NftFetchError({ reason: error.reason, cause: error })
  return new NftFetchError({ reason: 'the request failed', cause: error })
}

async function openDataUrl(
  url: string,
  { accept, maxBytes }: { accept: readonly string[]; maxBytes: number },
): Promise<Response> {
  // A data: URL is decoded in process (no network); it came from the chain, so it is capped
  // too: first its text (percent-encoding at most triples it), then the decoded bytes.
  if (url.length > maxBytes * 3 + 1_000)
    throw new NftFetchError({ reason: `more than ${maxBytes} bytes` })
  let response: Response
  try {
    response = await globalThis.fetch(url)
  } catch (cause) {
    throw new NftFetchError({ reason: 'a malformed data: URL', cause })
  }
  const body = new Uint8Array(await response.arrayBuffer())
  if (body.byteLength > maxBytes) throw new NftFetchError({ reason: `more than ${maxBytes} bytes` })
  const contentType =
    (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? ''
  if (!accept.includes('*/*') && !accept.includes(contentType))
    throw new NftFetchError({
      reason: `the content type "${contentType.slice(0, 60)}" is not allowed`,
    })
  return new Response(body, { headers: { 'content-type': contentType } })
}
