import { anvilAccounts } from '@latch/test'
import { recoverMessageAddress } from 'viem'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { createChannelStore } from './createChannelStore.ts'
import { createFarcasterRelayApp } from './createFarcasterRelayApp.ts'
import { createFarcasterSignature } from './createFarcasterSignature.ts'
import type { FarcasterTestUser } from './farcasterTestUsers.ts'
import { channelStatusSchema } from './relaySchemas.ts'

const publicUrl = 'http://127.0.0.1:4280'
/** A relay answer, checked by the relay's own status schema. */
const readStatus = async (response: Response) => channelStatusSchema.parse(await response.json())
const readError = async (response: Response) =>
  (await response.json()) as { error: { code: string; message: string } }
const relayKey = 'k'.repeat(43)
const users: FarcasterTestUser[] = [5, 6, 7].map((index, i) => {
  const account = anvilAccounts[index] as (typeof anvilAccounts)[number]
  return {
    fid: i + 1,
    username: ['alice', 'bob', 'carol'][i] as string,
    displayName: `User ${i + 1}`,
    custody: account.address,
    privateKey: account.privateKey,
  }
})
const alice = users[0] as FarcasterTestUser

function setUp({ maxChannels = 10 }: { maxChannels?: number } = {}) {
  let time = Date.parse('2026-01-01T00:00:00Z')
  const channels = createChannelStore({ now: () => time, maxChannels })
  const app = createFarcasterRelayApp({ publicUrl, relayKey, channels, users })
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    app.request(`${publicUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    })
  const status = (token: string) =>
    app.request(`${publicUrl}/v1/channel/status`, { headers: { authorization: `Bearer ${token}` } })
  const open = async (body: Record<string, unknown> = {}) => {
    const response = await post('/v1/channel', {
      siweUri: 'http://127.0.0.1:4277',
      domain: '127.0.0.1:4277',
      nonce: 'abcdef1234567890',
      ...body,
    })
    expect(response.status).toBe(201)
    return (await response.json()) as { channelToken: string; url: string; nonce: string }
  }
  const authenticate = async (token: string, key: string | null = relayKey) => {
    const url = new URL((await readStatus(await status(token))).url)
    const signed = await createFarcasterSignature(
      {
        domain: url.searchParams.get('domain') as string,
        siweUri: url.searchParams.get('siweUri') as string,
        nonce: url.searchParams.get('nonce') as string,
      },
      alice,
    )
    return post(
      '/v1/channel/authenticate',
      { ...signed, fid: 1, username: 'alice', displayName: 'Alice', bio: '', pfpUrl: '' },
      {
        authorization: `Bearer ${token}`,
        ...(key === null ? {} : { 'x-farcaster-auth-relay-key': key }),
      },
    )
  }
  return {
    app,
    post,
    status,
    open,
    authenticate,
    advance: (ms: number) => {
      time += ms
    },
  }
}

describe('createFarcasterRelayApp', () => {
  it('opens a channel whose URL is the test client page with the sign-in parameters', async () => {
    const { open } = setUp()
    const channel = await open({ expirationTime: '2026-01-01T00:10:00.000Z', requestId: 'r1' })
    expect(channel.nonce).toBe('abcdef1234567890')
    const url = new URL(channel.url)
    expect(url.origin + url.pathname).toBe(`${publicUrl}/~/siwf`)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      channelToken: channel.channelToken,
      nonce: 'abcdef1234567890',
      siweUri: 'http://127.0.0.1:4277',
      domain: '127.0.0.1:4277',
      expirationTime: '2026-01-01T00:10:00.000Z',
      requestId: 'r1',
    })
  })

  it('makes a nonce when the app sends none', async () => {
    const { open } = setUp()
    const channel = await open({ nonce: undefined })
    expect(channel.nonce).toMatch(/^[0-9a-f]{24}$/)
  })

  it('goes from pending (202) to completed (200) once a client authenticates with the key', async () => {
    const { open, status, authenticate } = setUp()
    const { channelToken } = await open()
    const pending = await status(channelToken)
    expect(pending.status).toBe(202)
    expect(await pending.json()).toMatchObject({ state: 'pending', nonce: 'abcdef1234567890' })

    const authenticated = await authenticate(channelToken)
    expect(authenticated.status).toBe(201)
    const completed = await status(channelToken)
    expect(completed.status).toBe(200)
    const body = await readStatus(completed)
    expect(body).toMatchObject({
      state: 'completed',
      fid: 1,
      username: 'alice',
      custody: alice.custody,
    })
    const message = parseSiweMessage(body.message ?? '')
    expect(message).toMatchObject({
      domain: '127.0.0.1:4277',
      uri: 'http://127.0.0.1:4277',
      nonce: 'abcdef1234567890',
      chainId: 10,
      statement: 'Farcaster Auth',
      resources: ['farcaster://fid/1'],
      address: alice.custody,
    })
    expect(
      await recoverMessageAddress({
        message: body.message ?? '',
        signature: body.signature as `0x${string}`,
      }),
    ).toBe(alice.custody)
    // Once only.
    expect((await authenticate(channelToken)).status).toBe(409)
  })

  it('refuses authenticate without the relay key, with a wrong one, or without the channel', async () => {
    const { open, status, authenticate, post } = setUp()
    const { channelToken } = await open()
    expect((await authenticate(channelToken, null)).status).toBe(401)
    expect((await authenticate(channelToken, 'x'.repeat(43))).status).toBe(401)
    expect(
      (await post('/v1/channel/authenticate', {}, { 'x-farcaster-auth-relay-key': relayKey }))
        .status,
    ).toBe(401)
    expect((await readStatus(await status(channelToken))).state).toBe('pending')
  })

  it('answers 401 for a missing, unknown or expired channel token', async () => {
    const { app, open, status, advance } = setUp()
    expect((await app.request(`${publicUrl}/v1/channel/status`)).status).toBe(401)
    expect((await status('00000000-0000-0000-0000-000000000000')).status).toBe(401)
    const { channelToken } = await open()
    advance(10 * 60 * 1000 - 1)
    expect((await status(channelToken)).status).toBe(202)
    advance(1)
    expect((await status(channelToken)).status).toBe(401)
  })

  it('caps the open channels (expired ones make room again)', async () => {
    const { open, post, advance } = setUp({ maxChannels: 2 })
    await open()
    await open()
    const refused = await post('/v1/channel', { siweUri: 'http://a.example', domain: 'a.example' })
    expect(refused.status).toBe(429)
    advance(10 * 60 * 1000)
    await open()
  })

  it.each([
    ['not JSON', '{', 400],
    ['no domain', { siweUri: 'http://a.example' }, 400],
    ['a bad URI', { siweUri: 'not a uri', domain: 'a.example' }, 400],
    ['a domain with a path', { siweUri: 'http://a.example', domain: 'a.example/x' }, 400],
    ['an unknown field', { siweUri: 'http://a.example', domain: 'a.example', extra: 1 }, 400],
    ['a short nonce', { siweUri: 'http://a.example', domain: 'a.example', nonce: 'abc' }, 400],
    ['a bad date', { siweUri: 'http://a.example', domain: 'a.example', notBefore: 'soon' }, 400],
    [
      'a huge body',
      { siweUri: 'http://a.example', domain: 'a.example', pad: 'x'.repeat(20_000) },
      413,
    ],
  ])('refuses a channel with %s', async (_, body, expected) => {
    const { post } = setUp()
    const response = await post('/v1/channel', body)
    expect(response.status).toBe(expected)
    expect((await readError(response)).error.code).toBeTypeOf('string')
  })

  it('refuses an authenticate body that does not match the schema', async () => {
    const { open, post } = setUp()
    const { channelToken } = await open()
    const response = await post(
      '/v1/channel/authenticate',
      { message: 'm', signature: '0x12', fid: -1 },
      { authorization: `Bearer ${channelToken}`, 'x-farcaster-auth-relay-key': relayKey },
    )
    expect(response.status).toBe(400)
  })

  it('refuses pages of other sites and foreign host names', async () => {
    const { app } = setUp()
    const foreignOrigin = await app.request(`${publicUrl}/health`, {
      headers: { origin: 'https://evil.example' },
    })
    expect(foreignOrigin.status).toBe(403)
    const foreignHost = await app.request('http://evil.example/health', {
      headers: { host: 'evil.example' },
    })
    expect(foreignHost.status).toBe(403)
  })
})

describe('the test client page', () => {
  it('lists the test users and signs as the chosen one with its custody key', async () => {
    const { app, open, status } = setUp()
    const channel = await open()
    const page = await app.request(channel.url)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'")
    const html = await page.text()
    for (const user of users) expect(html).toContain(`Sign in as @${user.username}`)

    const form = new URLSearchParams({ channelToken: channel.channelToken, fid: '2' })
    const signed = await app.request(`${publicUrl}/~/siwf`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl },
      body: form,
    })
    expect(signed.status).toBe(200)
    expect(await signed.text()).toContain('Signed in as @bob. Go back to the app.')

    const body = await readStatus(await status(channel.channelToken))
    expect(body).toMatchObject({ state: 'completed', fid: 2, username: 'bob' })
    const bob = users[1] as FarcasterTestUser
    expect(
      validateSiweMessage({
        message: parseSiweMessage(body.message ?? ''),
        address: bob.custody,
        domain: '127.0.0.1:4277',
        nonce: 'abcdef1234567890',
      }),
    ).toBe(true)
    expect(
      await recoverMessageAddress({
        message: body.message ?? '',
        signature: body.signature as `0x${string}`,
      }),
    ).toBe(bob.custody)

    // The link is spent.
    expect((await app.request(channel.url)).status).toBe(410)
  })

  it('signs only when its own page posts the form', async () => {
    const { app, open, status } = setUp()
    const channel = await open()
    const form = new URLSearchParams({ channelToken: channel.channelToken, fid: '1' })
    for (const origin of [undefined, 'http://127.0.0.1:4170']) {
      const response = await app.request(`${publicUrl}/~/siwf`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(origin ? { origin } : {}),
        },
        body: form,
      })
      expect(response.status).toBe(403)
    }
    expect((await readStatus(await status(channel.channelToken))).state).toBe('pending')
  })

  it('says an unknown or unknown-user link is no longer valid', async () => {
    const { app, open } = setUp()
    expect((await app.request(`${publicUrl}/~/siwf?channelToken=nope`)).status).toBe(410)
    const channel = await open()
    const response = await app.request(`${publicUrl}/~/siwf`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl },
      body: new URLSearchParams({ channelToken: channel.channelToken, fid: '99' }),
    })
    expect(response.status).toBe(410)
    expect(await response.text()).toContain('no longer valid')
  })
})
