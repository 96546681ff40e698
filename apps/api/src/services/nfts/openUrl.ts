import { lookup } from 'node:dns/promises'
import { isIP } from 'node:net'
import { NftFetchError } from '../../errors/nfts.ts'
import { isPublicAddress } from './isPublicAddress.ts'

export type OpenUrlOptions = {
  fetch?: typeof globalThis.fetch | undefined
  /** Ends the whole exchange, body included. */
  signal: AbortSignal
  /** Allow loopback and private hosts (the devnet serves NFT metadata on 127.0.0.1). */
  allowPrivateHosts: boolean
  /** Where `ipfs://` URLs are read (default https://ipfs.io). */
  ipfsGateway?: string | undefined
  accept: string
}

const maxRedirects = 3

/**
 * GETs a URL that a contract chose (tokenURI, image): http(s), `ipfs://` through a gateway, or a
 * `data:` URL. Unless private hosts are allowed, every hop (redirects are followed by hand)
 * must resolve to public addresses only, so a contract cannot point the API at its network.
 */
export async function openUrl(url: string, options: OpenUrlOptions): Promise<Response> {
  const fetchFn = options.fetch ?? globalThis.fetch
  let current = toFetchableUrl(url, options.ipfsGateway)
  for (let hop = 0; hop <= maxRedirects; hop++) {
    if (current.protocol === 'data:')
      return fetchFn(current, { signal: options.signal }).catch((cause: unknown) => {
        throw new NftFetchError({ reason: 'a malformed data: URL', cause })
      })
    if (!options.allowPrivateHosts) await assertPublicHost(current.hostname)
    let response: Response
    try {
      response = await fetchFn(current, {
        redirect: 'manual',
        signal: options.signal,
        headers: { accept: options.accept },
      })
    } catch (cause) {
      throw new NftFetchError({
        reason: options.signal.aborted ? 'it took too long' : 'the host did not answer',
        cause,
      })
    }
    const location = response.headers.get('location')
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel().catch(() => {})
      current = toFetchableUrl(new URL(location, current).toString(), options.ipfsGateway)
      if (current.protocol === 'data:') throw new NftFetchError({ reason: 'a redirect to data:' })
      continue
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => {})
      throw new NftFetchError({ reason: `the host answered ${response.status}` })
    }
    return response
  }
  throw new NftFetchError({ reason: 'too many redirects' })
}

/** The URL to request, or an NftFetchError for a scheme the API does not fetch. */
function toFetchableUrl(url: string, ipfsGateway = 'https://ipfs.io'): URL {
  const trimmed = url.trim()
  const ipfs = /^ipfs:\/\/(?:ipfs\/)?(.+)$/i.exec(trimmed)?.[1]
  const candidate = ipfs ? `${ipfsGateway.replace(/\/$/, '')}/ipfs/${ipfs}` : trimmed
  if (!URL.canParse(candidate)) throw new NftFetchError({ reason: 'an invalid URL' })
  const parsed = new URL(candidate)
  if (!['http:', 'https:', 'data:'].includes(parsed.protocol))
    throw new NftFetchError({ reason: `an unsupported URL scheme "${parsed.protocol}"` })
  if (parsed.username || parsed.password)
    throw new NftFetchError({ reason: 'a URL with credentials' })
  return parsed
}

async function assertPublicHost(hostname: string): Promise<void> {
  const host = hostname.replace(/^\[|\]$/g, '')
  const addresses =
    isIP(host) !== 0
      ? [host]
      : await lookup(host, { all: true, verbatim: true }).then(
          (found) => found.map((entry) => entry.address),
          (cause: unknown) => {
            throw new NftFetchError({ reason: 'the host name does not resolve', cause })
          },
        )
  if (addresses.length === 0 || !addresses.every(isPublicAddress))
    throw new NftFetchError({ reason: 'a host on a private network' })
}

/** Reads a body of at most `maxBytes` (a larger one is an NftFetchError). */
export async function readLimited(
  response: Response,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(response.headers.get('content-length') ?? Number.NaN)
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {})
    throw new NftFetchError({ reason: `more than ${maxBytes} bytes` })
  }
  const chunks: Uint8Array[] = []
  let size = 0
  if (!response.body) return new Uint8Array()
  try {
    for await (const chunk of response.body) {
      size += chunk.byteLength
      if (size > maxBytes) throw new NftFetchError({ reason: `more than ${maxBytes} bytes` })
      chunks.push(chunk)
    }
  } catch (error) {
    await response.body.cancel().catch(() => {})
    if (error instanceof NftFetchError) throw error
    throw new NftFetchError({ reason: 'the body was cut short or took too long', cause: error })
  }
  return Buffer.concat(chunks)
}

/** Passes a body through, erroring (and so cutting the response short) past `maxBytes`. */
export function limitStream(
  body: ReadableStream<Uint8Array>,
  maxBytes: number,
): ReadableStream<Uint8Array> {
  let size = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength
        if (size > maxBytes)
          controller.error(new NftFetchError({ reason: `more than ${maxBytes} bytes` }))
        else controller.enqueue(chunk)
      },
    }),
  )
}
