import { describe, expect, it } from 'vitest'
import type { BaseError } from '../../errors/base.ts'
import type { GuardedFetch, GuardedFetchOptions } from '../fetch/createGuardedFetch.ts'
import { createFarcasterRelayClient } from './createFarcasterRelayClient.ts'

const channelRequest = {
  siweUri: 'https://auth.example',
  domain: 'auth.example',
  nonce: 'abcdefgh12345678',
  expirationTime: '2026-01-01T00:10:00.000Z',
}

function fakeFetch(answer: () => Response | Promise<Response>) {
  const calls: { url: string; options: GuardedFetchOptions }[] = []
  const fetch: GuardedFetch = async (url, options) => {
    calls.push({ url: String(url), options })
    return answer()
  }
  return { fetch, calls }
}
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: BaseError) => error.code,
  )

describe('createFarcasterRelayClient', () => {
  it('POSTs the channel request as JSON and reads the answer', async () => {
    const { fetch, calls } = fakeFetch(() =>
      Response.json(
        { channelToken: 't', url: 'https://relay.example/~/siwf', nonce: 'n' },
        { status: 201 },
      ),
    )
    const relay = createFarcasterRelayClient({ relayUrl: 'https://relay.example/base', fetch })
    expect(await relay.createChannel(channelRequest)).toEqual({
      channelToken: 't',
      url: 'https://relay.example/~/siwf',
      nonce: 'n',
    })
    expect(calls[0]?.url).toBe('https://relay.example/base/v1/channel')
    expect(calls[0]?.options).toMatchObject({
      method: 'POST',
      accept: ['application/json'],
      body: JSON.stringify(channelRequest),
    })
    expect(calls[0]?.options.maxBytes).toBeLessThanOrEqual(32 * 1024)
  })

  it('sends the channel token as a Bearer token and reads pending and completed', async () => {
    let answer: Response = Response.json(
      { state: 'pending', nonce: 'n', url: 'u' },
      { status: 202 },
    )
    const { fetch, calls } = fakeFetch(() => answer)
    const relay = createFarcasterRelayClient({ relayUrl: 'https://relay.example', fetch })
    expect(await relay.channelStatus('token-1')).toEqual({ state: 'pending', nonce: 'n' })
    expect(calls[0]?.options.headers).toEqual({ authorization: 'Bearer token-1' })
    answer = Response.json({
      state: 'completed',
      nonce: 'n',
      message: 'm',
      signature: '0xabcd',
      fid: 3,
      username: 'carol',
    })
    expect(await relay.channelStatus('token-1')).toMatchObject({ state: 'completed', fid: 3 })
  })

  it.each([
    ['a server error', () => new Response('oops', { status: 500 })],
    ['not JSON', () => new Response('<html>', { status: 201 })],
    ['another shape', () => Response.json({ channelToken: 1 }, { status: 201 })],
    [
      'a failed fetch',
      () => {
        throw new Error('connect ECONNREFUSED')
      },
    ],
  ])('makes %s of the relay PROVIDER_UNAVAILABLE', async (_, answer) => {
    const relay = createFarcasterRelayClient({
      relayUrl: 'https://relay.example',
      fetch: fakeFetch(answer).fetch,
    })
    expect(await codeOf(relay.createChannel(channelRequest))).toBe('PROVIDER_UNAVAILABLE')
  })

  it('makes a channel the relay forgot SOCIAL_EXPIRED and a bad status PROVIDER_UNAVAILABLE', async () => {
    const forgot = createFarcasterRelayClient({
      relayUrl: 'https://relay.example',
      fetch: fakeFetch(() => new Response('{}', { status: 401 })).fetch,
    })
    expect(await codeOf(forgot.channelStatus('t'))).toBe('SOCIAL_EXPIRED')
    const odd = createFarcasterRelayClient({
      relayUrl: 'https://relay.example',
      fetch: fakeFetch(() => Response.json({ state: 'completed', nonce: 'n' })).fetch,
    })
    expect(await codeOf(odd.channelStatus('t'))).toBe('PROVIDER_UNAVAILABLE')
  })
})
