import type { CustomFetch } from 'openid-client'
import { OutboundFetchError } from '../../errors/outbound.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'

/** What the providers answer: JSON documents, key sets and (some userinfo endpoints) JWTs. */
const providerMediaTypes = [
  'application/json',
  'application/jwk-set+json',
  'application/jwt',
] as const

/** Headers openid-client sends that the guarded fetcher sets itself. */
const ownHeaders = new Set(['accept', 'accept-encoding', 'content-length', 'host', 'connection'])

/**
 * openid-client's `customFetch` over the guarded fetcher, so every call to a provider
 * (discovery, keys, token, user endpoint) gets the API's outbound guards: public hosts only
 * (unless the devnet allows private ones), vetted addresses, no redirect of a POST, a body cap
 * and one time budget. Only GET and POST are sent.
 */
export function toOpenIdFetch(
  guardedFetch: GuardedFetch,
  { timeoutMs = 10_000, maxBytes = 256 * 1024 }: { timeoutMs?: number; maxBytes?: number } = {},
): CustomFetch {
  return async (url, options) => {
    const method = options.method.toUpperCase()
    if (method !== 'GET' && method !== 'POST')
      throw new OutboundFetchError({ reason: `an unsupported method "${method.slice(0, 10)}"` })
    const headers = Object.fromEntries(
      Object.entries(options.headers).filter(([name]) => !ownHeaders.has(name.toLowerCase())),
    )
    return guardedFetch(url, {
      method,
      headers,
      body: method === 'POST' ? await toBodyText(options.body) : undefined,
      accept: providerMediaTypes,
      maxBytes,
      timeoutMs,
      signal: options.signal,
    })
  }
}

async function toBodyText(body: unknown): Promise<string | Uint8Array | undefined> {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string') return body
  if (body instanceof URLSearchParams) return body.toString()
  if (body instanceof Uint8Array) return body
  if (body instanceof ArrayBuffer) return new Uint8Array(body)
  throw new OutboundFetchError({ reason: 'an unsupported request body' })
}
