import { lookup as dnsLookup } from 'node:dns/promises'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { pipeline, type Readable } from 'node:stream'
import zlib from 'node:zlib'
import { OutboundFetchError } from '../../errors/outbound.ts'
import { createSemaphore, type Semaphore } from './createSemaphore.ts'
import { isPublicAddress } from './isPublicAddress.ts'

/** Resolves a host name to its IP addresses (the system resolver by default; tests inject one). */
export type ResolveHost = (hostname: string) => Promise<readonly string[]>

export type CreateGuardedFetchParameters = {
  /**
   * Allow loopback, private and reserved addresses. Only for the devnet, whose services serve
   * NFT metadata on 127.0.0.1; every other guard still applies.
   */
  allowPrivateHosts?: boolean | undefined
  /** Which resolved addresses may be connected to; `isPublicAddress` by default. */
  isAllowedAddress?: ((address: string) => boolean) | undefined
  resolve?: ResolveHost | undefined
  /** Bound on one name resolution (default 2 s). */
  dnsTimeoutMs?: number | undefined
  /** The process-wide cap on outbound requests in flight; default a semaphore of 16. */
  limiter?: Semaphore | undefined
  /** Redirects followed at most (default 3). */
  maxRedirects?: number | undefined
}

export type GuardedFetchOptions = {
  /**
   * Media types a successful answer may have (`*\/*` for any); sent as `Accept`. Another type is
   * refused before its body is read.
   */
  accept: readonly string[]
  /** The largest body, counted while it streams (after decompression). */
  maxBytes: number
  /** Bound on everything: the wait for a slot, DNS, every hop and the body. */
  timeoutMs: number
  /** The asking request's signal: once it aborts, the fetch stops, body included. */
  signal?: AbortSignal | undefined
  /** GET (default) or POST. A POST is never redirected: a 3xx answer to it is refused. */
  method?: 'GET' | 'POST' | undefined
  /**
   * Extra request headers (an OAuth client's Authorization and Content-Type, say). `Accept`
   * comes from `accept`; Host, Content-Length, Transfer-Encoding, Connection and Cookie are the
   * fetcher's own and refused here.
   */
  headers?: Readonly<Record<string, string>> | undefined
  /** The POST body, sent with its Content-Length (at most 64 KiB). */
  body?: string | Uint8Array | undefined
}

/**
 * GETs (or POSTs) a URL within the guards. The answer is the final hop's (2xx or an error
 * status; its body capped and ended by the time budget); redirects never reach the caller.
 */
export type GuardedFetch = (url: string | URL, options: GuardedFetchOptions) => Promise<Response>

/** The system resolver: every address of the name, as getaddrinfo orders them. */
export const resolveWithSystemDns: ResolveHost = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((entry) => entry.address)

const decoders: Record<string, (() => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress) | null> =
  {
    '': null,
    identity: null,
    gzip: () => zlib.createGunzip(),
    'x-gzip': () => zlib.createGunzip(),
    deflate: () => zlib.createInflate(),
    br: () => zlib.createBrotliDecompress(),
  }

/**
 * The one way the API makes outbound HTTP(S) requests (NFT metadata and images, the price
 * feed, providers to come). Each hop's host name is resolved once, with a timeout; every
 * address must be public (unless private hosts are allowed) and the socket connects to that
 * vetted address only, so DNS rebinding has no second answer to give. Only http(s), no
 * credentials in URLs, redirects capped, a content-type check, a body cap enforced while
 * streaming, one time budget for everything, the caller's AbortSignal honoured, and outbound
 * concurrency capped by a shared semaphore.
 */
export function createGuardedFetch({
  allowPrivateHosts = false,
  isAllowedAddress = isPublicAddress,
  resolve = resolveWithSystemDns,
  dnsTimeoutMs = 2_000,
  limiter = createSemaphore({ limit: 16 }),
  maxRedirects = 3,
}: CreateGuardedFetchParameters = {}): GuardedFetch {
  /** The addresses this hop may connect to: all vetted, from one resolution. */
  const vet = async (url: URL, signal: AbortSignal): Promise<readonly string[]> => {
    const host = url.hostname.replace(/^\[|\]$/g, '')
    const addresses = isIP(host) !== 0 ? [host] : await resolveWithin(host, signal)
    const usable = addresses.filter((address) => isIP(address) !== 0)
    if (usable.length === 0)
      throw new OutboundFetchError({ reason: 'the host name does not resolve' })
    // One bad address refuses the name: a host that mixes in an internal one is not trusted.
    if (!allowPrivateHosts && !addresses.every(isAllowedAddress))
      throw new OutboundFetchError({ reason: 'a host on a private network' })
    return usable
  }

  const resolveWithin = (host: string, signal: AbortSignal) =>
    new Promise<readonly string[]>((fulfil, reject) => {
      const timer = setTimeout(
        () => reject(new OutboundFetchError({ reason: 'the host name did not resolve in time' })),
        dnsTimeoutMs,
      )
      const onAbort = () => reject(signal.reason)
      signal.addEventListener('abort', onAbort, { once: true })
      Promise.resolve()
        .then(() => resolve(host))
        .then(fulfil, (cause: unknown) =>
          reject(new OutboundFetchError({ reason: 'the host name does not resolve', cause })),
        )
        .finally(() => {
          clearTimeout(timer)
          signal.removeEventListener('abort', onAbort)
        })
    })

  const send = (
    url: URL,
    addresses: readonly string[],
    { accept, method, headers, body }: SendOptions,
    signal: AbortSignal,
  ) =>
    new Promise<IncomingMessage>((fulfil, reject) => {
      const vetted = addresses.map((address) => ({ address, family: isIP(address) }))
      const [first] = vetted as [{ address: string; family: number }]
      // Whatever name the socket layer asks about, the answer is the vetted addresses (all of
      // them for happy eyeballs); the name is never resolved a second time.
      const lookup = ((_hostname, options, callback) => {
        if (options.all) callback(null, vetted)
        else callback(null, first.address, first.family)
      }) as LookupFunction
      const host = url.hostname.replace(/^\[|\]$/g, '')
      const request = (url.protocol === 'https:' ? https : http).request(url, {
        method,
        agent: false,
        lookup,
        signal,
        maxHeaderSize: 16 * 1024,
        headers: {
          'user-agent': 'Latch-API',
          ...headers,
          accept,
          'accept-encoding': 'gzip, deflate, br',
          ...(body === undefined ? {} : { 'content-length': String(body.byteLength) }),
        },
        // TLS checks the certificate against the name, not the address connected to.
        ...(url.protocol === 'https:' && isIP(host) === 0 ? { servername: host } : {}),
      })
      request.once('response', fulfil)
      // Kept for the request's life: a socket error after the answer must not go unhandled.
      request.on('error', (cause) =>
        reject(
          signal.aborted
            ? signal.reason
            : new OutboundFetchError({
                reason: isCertificateError(cause)
                  ? 'the TLS certificate was refused'
                  : 'the host did not answer',
                cause,
              }),
        ),
      )
      request.end(body)
    })

  return async function guardedFetch(
    input,
    { accept, maxBytes, timeoutMs, signal, method = 'GET', headers, body },
  ) {
    const controller = new AbortController()
    const abort = (reason: string) => {
      if (!controller.signal.aborted) controller.abort(new OutboundFetchError({ reason }))
    }
    const timer = setTimeout(() => abort('it took too long'), timeoutMs)
    const onCallerAbort = () => abort('the request was cancelled')
    if (signal?.aborted) onCallerAbort()
    signal?.addEventListener('abort', onCallerAbort, { once: true })
    let release: (() => void) | undefined
    const finish = () => {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onCallerAbort)
      release?.()
      release = undefined
    }
    const failure = (error: unknown) => {
      if (controller.signal.aborted) return controller.signal.reason as OutboundFetchError
      if (error instanceof OutboundFetchError) return error
      return new OutboundFetchError({ reason: 'the request failed', cause: error })
    }

    try {
      if (controller.signal.aborted) throw controller.signal.reason
      const sendOptions: SendOptions = {
        accept: accept.join(', '),
        method,
        headers: toRequestHeaders(headers),
        body: toRequestBody(method, body),
      }
      release = await limiter.acquire(controller.signal)
      let url = toRequestUrl(input)
      for (let hop = 0; ; hop++) {
        const addresses = await vet(url, controller.signal)
        const incoming = await send(url, addresses, sendOptions, controller.signal)
        const status = incoming.statusCode ?? 0
        const location = incoming.headers.location
        if (status >= 300 && status < 400 && location !== undefined) {
          incoming.destroy()
          // A redirected POST would resend its body (client credentials, a code) elsewhere.
          if (method !== 'GET') throw new OutboundFetchError({ reason: 'a redirect of a POST' })
          if (hop >= maxRedirects) throw new OutboundFetchError({ reason: 'too many redirects' })
          if (!URL.canParse(location, url.href))
            throw new OutboundFetchError({ reason: 'an invalid redirect' })
          url = toRequestUrl(new URL(location, url).toString())
          continue
        }
        return toResponse(incoming, { accept, maxBytes, controller, finish, failure })
      }
    } catch (error) {
      finish()
      throw failure(error)
    }
  }
}

type SendOptions = {
  accept: string
  method: 'GET' | 'POST'
  headers: Record<string, string>
  body: Uint8Array | undefined
}

/** Headers the fetcher sets itself (or that would change what is sent where). */
const reservedHeaders = new Set([
  'host',
  'content-length',
  'transfer-encoding',
  'connection',
  'cookie',
  'accept',
  'accept-encoding',
  'expect',
  'upgrade',
  'te',
  'trailer',
  'keep-alive',
  'proxy-authorization',
])
const maxRequestBodyBytes = 64 * 1024

/** The caller's headers, lower-cased, refusing reserved names and values with line breaks. */
function toRequestHeaders(
  headers: Readonly<Record<string, string>> | undefined,
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [name, value] of Object.entries(headers ?? {})) {
    const key = name.toLowerCase()
    if (!/^[!#$%&'*+.^_`|~0-9a-z-]+$/.test(key) || reservedHeaders.has(key))
      throw new OutboundFetchError({
        reason: `a request header "${key.slice(0, 40)}" it sets itself`,
      })
    if (/[\r\n\0]/.test(value)) throw new OutboundFetchError({ reason: 'an invalid header value' })
    out[key] = value
  }
  return out
}

function toRequestBody(
  method: 'GET' | 'POST',
  body: string | Uint8Array | undefined,
): Uint8Array | undefined {
  if (body === undefined) return method === 'POST' ? new Uint8Array(0) : undefined
  if (method === 'GET') throw new OutboundFetchError({ reason: 'a GET with a body' })
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  if (bytes.byteLength > maxRequestBodyBytes)
    throw new OutboundFetchError({ reason: `a request body over ${maxRequestBodyBytes} bytes` })
  return bytes
}

function isCertificateError(error: Error & { code?: string }): boolean {
  return /^(ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(error.code ?? '')
}

/** The URL to request, or an OutboundFetchError for one the fetcher does not follow. */
function toRequestUrl(input: string | URL): URL {
  const text = String(input).trim()
  if (!URL.canParse(text)) throw new OutboundFetchError({ reason: 'an invalid URL' })
  const url = new URL(text)
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundFetchError({
      reason: `an unsupported URL scheme "${url.protocol.slice(0, 20)}"`,
    })
  if (url.username || url.password)
    throw new OutboundFetchError({ reason: 'a URL with credentials' })
  return url
}

type ToResponseContext = {
  accept: readonly string[]
  maxBytes: number
  controller: AbortController
  finish: () => void
  failure: (error: unknown) => OutboundFetchError
}

/** Checks the answer's type and length, then hands on its body as a capped web stream. */
function toResponse(
  incoming: IncomingMessage,
  { accept, maxBytes, controller, finish, failure }: ToResponseContext,
): Response {
  const status = incoming.statusCode ?? 0
  const refuse = (reason: string) => {
    incoming.destroy()
    throw new OutboundFetchError({ reason })
  }
  if (status < 200 || status > 599) refuse('an invalid HTTP status')
  const contentType = (incoming.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (status < 300 && !accept.includes('*/*') && !accept.includes(contentType ?? ''))
    refuse(
      contentType
        ? `the content type "${contentType.slice(0, 60)}" is not allowed`
        : 'no content type',
    )
  const declared = incoming.headers['content-length']
  if (declared !== undefined && /^\d+$/.test(declared) && Number(declared) > maxBytes)
    refuse(`more than ${maxBytes} bytes`)
  const encoding = (incoming.headers['content-encoding'] ?? '').trim().toLowerCase()
  const decoder = decoders[encoding]
  if (decoder === undefined) refuse('an unsupported content encoding')

  const headers = new Headers()
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value === undefined) continue
    if (decoder && (name === 'content-encoding' || name === 'content-length')) continue
    for (const item of Array.isArray(value) ? value : [value])
      try {
        headers.append(name, item)
      } catch {
        // A header the Fetch API refuses is dropped, not fatal.
      }
  }
  if (status === 204 || status === 205 || status === 304) {
    incoming.destroy()
    finish()
    return new Response(null, { status, headers })
  }

  const source: Readable = decoder
    ? pipeline(incoming, decoder(), () => {})
    : (incoming as Readable)
  let size = 0
  let done = false
  const body = new ReadableStream<Uint8Array>(
    {
      start(stream) {
        const fail = (error: unknown) => {
          if (done) return
          done = true
          finish()
          incoming.destroy()
          source.destroy()
          stream.error(failure(error))
        }
        source.on('data', (chunk: Buffer) => {
          if (done) return
          size += chunk.byteLength
          if (size > maxBytes)
            return fail(new OutboundFetchError({ reason: `more than ${maxBytes} bytes` }))
          stream.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
          if ((stream.desiredSize ?? 0) <= 0) source.pause()
        })
        source.once('end', () => {
          if (done) return
          done = true
          finish()
          stream.close()
        })
        source.once('error', (error) =>
          fail(new OutboundFetchError({ reason: 'the body was cut short', cause: error })),
        )
        incoming.once('aborted', () =>
          fail(new OutboundFetchError({ reason: 'the body was cut short' })),
        )
        controller.signal.addEventListener('abort', () => fail(controller.signal.reason), {
          once: true,
        })
      },
      pull() {
        source.resume()
      },
      cancel() {
        done = true
        finish()
        incoming.destroy()
        source.destroy()
      },
    },
    { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength },
  )
  return new Response(body, { status, headers })
}
