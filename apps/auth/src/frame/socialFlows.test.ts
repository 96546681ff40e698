import { createHash } from 'node:crypto'
import { socialFlowTtlMs } from '@latch/api-contract'
import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createDeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { createFrame } from './createFrame.ts'
import { createMemoryFrameStores } from './createMemoryFrameStores.ts'
import { createSessionStore } from './createSessionStore.ts'
import { createFakeFrameUi } from './testing/createFakeFrameUi.ts'
import { createFakeFrameWindow } from './testing/createFakeFrameWindow.ts'
import { createFakeSocialApi } from './testing/createFakeSocialApi.ts'

const pageOrigin = 'https://shop.test'
const projectId = 'social-test-project'
const returnUrl = `${pageOrigin}/checkout?step=2`
const dapp = {
  metadata: { name: 'Shop', url: pageOrigin, icons: [] },
  projectId,
  sdkVersion: 'latch-test',
  chainIds: [31337],
}

/** A browser profile (its IndexedDB) with the frame loaded in a page, over the fake API. */
async function setup() {
  let offset = 0
  const now = () => Date.now() + offset
  const api = createFakeSocialApi({ now })
  const idb = new IDBFactory()
  const open = async () => {
    const page = createFakeFrameWindow({ pageOrigin })
    const fake = createFakeFrameUi()
    createFrame({
      config: { projectId, apiUrl: 'http://api.test', allowedOrigins: [pageOrigin] },
      window: page.window,
      ui: fake.ui,
      sessions: createSessionStore(idb),
      deviceShares: createDeviceShareStore(idb),
      fetchFn: api.fetchFn,
      scryptN: 2 ** 10,
      now,
      farcasterPollIntervalMs: 10,
    }).start()
    expect((await page.request('syncDappData', dapp)).ok).toBe(true)
    return { page, fake }
  }
  const { page, fake } = await open()
  return {
    api,
    page,
    fake,
    open,
    store: createSessionStore(idb),
    advance: (ms: number) => {
      offset += ms
    },
  }
}

const result = <value>(response: { ok: boolean }) => {
  if (!response.ok) throw new Error(`Frame error: ${JSON.stringify(response)}`)
  return (response as unknown as { result: value }).result
}

type Page = Awaited<ReturnType<typeof setup>>['page']

/** Starts a sign-in with `provider`; answers the state the provider would send back. */
async function start(page: Page, provider: string, mode: 'popup' | 'redirect' = 'popup') {
  const { uri } = result<{ uri: string }>(
    await page.request('getSocialRedirectUri', { provider, mode, returnUrl }),
  )
  return new URL(uri).searchParams.get('state') as string
}

describe('social sign-in in the frame', () => {
  it('signs in with a provider: the secret stays here, the session opens, the wallet follows', async () => {
    const { api, page, fake, store, open } = await setup()
    const state = await start(page, 'github')
    // The API got the page's origin, the return URL and only the secret's hash.
    const startCall = api.calls.find((call) => call.path === '/auth/v1/social/start')
    const flow = await store.getFlow('social')
    expect(flow).toEqual({
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      provider: 'github',
      state,
      createdAt: expect.any(Number),
    })
    const secret = flow?.secret as string
    expect(startCall?.body).toEqual({
      projectId,
      provider: 'github',
      deviceId: await store.getDeviceId(),
      flowSecretHash: createHash('sha256').update(secret).digest('hex'),
      appOrigin: pageOrigin,
      returnUrl,
      mode: 'popup',
    })
    expect(JSON.stringify(startCall)).not.toContain(secret)

    expect(
      result(
        await page.request('connectSocial', {
          provider: 'github',
          uri: `?code=ada&state=${state}`,
        }),
      ),
    ).toEqual({ action: 'CONNECT' })
    const verify = api.calls.find((call) => call.path === '/auth/v1/social/verify')
    expect(verify?.body).toEqual({
      projectId,
      provider: 'github',
      deviceId: await store.getDeviceId(),
      flowSecret: secret,
      callback: `?code=ada&state=${state}`,
    })
    // Used once: forgotten here, and the same answer again finishes nothing.
    expect(await store.getFlow('social')).toBeUndefined()
    expect(
      await page.request('connectSocial', { provider: 'github', uri: `?code=ada&state=${state}` }),
    ).toMatchObject({ ok: false, error: { code: 'SOCIAL_STATE_MISMATCH' } })
    expect(api.count('/auth/v1/social/verify')).toBe(1)

    // Then as email's: getUser creates the wallet behind the passphrase dialog.
    const user = result<{ address: string }>(await page.request('getUser'))
    expect(user).toEqual({
      email: 'ada@example.com',
      username: 'ada',
      signInMethod: 'github',
      address: expect.stringMatching(/^0x[0-9a-fA-F]{40}$/),
      chainId: 31337,
      preferredAccountType: 'eoa',
      accounts: [{ address: user.address, type: 'eoa' }],
    })
    // The passphrase dialog named whose wallet it is.
    expect(fake.accounts).toEqual(['ada on GitHub'])
    expect(await store.getSession()).toMatchObject({
      email: 'ada@example.com',
      username: 'ada',
      signInMethod: 'github',
      address: user.address,
    })
    // A reload restores it without a prompt.
    const reloaded = await open()
    expect(result(await reloaded.page.request('isConnected'))).toEqual({ isConnected: true })
    expect(result(await reloaded.page.request('getUser'))).toMatchObject({
      username: 'ada',
      address: user.address,
    })
  })

  it('a user without email: getUser, isConnected, and an export the API refuses in the dialog', async () => {
    const { page, fake, open } = await setup()
    const state = await start(page, 'x', 'redirect')
    // The redirect came back to a reloaded page: the flow waited in IndexedDB.
    const { page: back, fake: backUi } = await open()
    expect(
      result(
        await back.request('connectSocial', { provider: 'x', uri: `?code=alan&state=${state}` }),
      ),
    ).toEqual({ action: 'CONNECT' })
    expect(result(await back.request('getUser'))).toMatchObject({
      email: null,
      username: 'alan',
      signInMethod: 'x',
    })
    expect(backUi.accounts).toEqual(['alan on X'])
    expect(result(await back.request('isConnected'))).toEqual({ isConnected: true })
    expect(await back.request('exportKey')).toMatchObject({ ok: false, error: { code: 4001 } })
    expect(backUi.exportEmails).toEqual([null])
    expect(backUi.exportErrors).toEqual(['Add an email to this wallet before exporting its key.'])
    expect(fake.exportErrors).toEqual([])
  })

  it('refuses an answer for another provider or state, and forgets the flow', async () => {
    const { api, page, store } = await setup()
    let state = await start(page, 'google')
    expect(
      await page.request('connectSocial', { provider: 'discord', uri: `?code=ada&state=${state}` }),
    ).toEqual({
      type: 'latch:frame:response',
      id: expect.any(String),
      ok: false,
      error: {
        code: 'SOCIAL_STATE_MISMATCH',
        message: 'This sign-in with Discord was not started here: start again.',
      },
    })
    expect(await store.getFlow('social')).toBeUndefined()
    expect(
      await page.request('connectSocial', { provider: 'google', uri: `?code=ada&state=${state}` }),
    ).toMatchObject({ ok: false, error: { code: 'SOCIAL_STATE_MISMATCH' } })
    state = await start(page, 'google')
    expect(
      await page.request('connectSocial', { provider: 'google', uri: `?code=ada&state=x${state}` }),
    ).toMatchObject({ ok: false, error: { code: 'SOCIAL_STATE_MISMATCH' } })
    // None of it reached the API.
    expect(api.count('/auth/v1/social/verify')).toBe(0)
  })

  it('one flow at a time: a new start replaces the one before', async () => {
    const { page } = await setup()
    const first = await start(page, 'google')
    const second = await start(page, 'apple')
    expect(
      await page.request('connectSocial', { provider: 'google', uri: `?code=ada&state=${first}` }),
    ).toMatchObject({ ok: false, error: { code: 'SOCIAL_STATE_MISMATCH' } })
    await start(page, 'apple')
    expect(
      await page.request('connectSocial', { provider: 'apple', uri: `?code=ada&state=${second}` }),
    ).toMatchObject({ ok: false, error: { code: 'SOCIAL_STATE_MISMATCH' } })
  })

  it('refuses a flow older than 10 minutes, and forgets it', async () => {
    const { api, page, store, advance } = await setup()
    const state = await start(page, 'facebook')
    advance(socialFlowTtlMs)
    expect(
      await page.request('connectSocial', {
        provider: 'facebook',
        uri: `?code=ada&state=${state}`,
      }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'SOCIAL_EXPIRED',
        message: 'This sign-in with Facebook has expired: start again.',
      },
    })
    expect(await store.getFlow('social')).toBeUndefined()
    expect(api.count('/auth/v1/social/verify')).toBe(0)
  })

  it("passes the API's social errors to the page with its message, and forgets the flow", async () => {
    const { api, page, store } = await setup()
    let state = await start(page, 'github')
    expect(
      await page.request('connectSocial', {
        provider: 'github',
        uri: `?error=access_denied&state=${state}`,
      }),
    ).toMatchObject({
      ok: false,
      error: { code: 'SOCIAL_DENIED', message: 'You declined the sign-in with GitHub.' },
    })
    expect(await store.getFlow('social')).toBeUndefined()

    for (const [status, code, message] of [
      [502, 'PROVIDER_UNAVAILABLE', 'GitHub did not answer as expected: try again in a moment.'],
      [400, 'SOCIAL_EXPIRED', 'This sign-in has expired or was already used: start again.'],
      [400, 'SOCIAL_STATE_MISMATCH', 'This sign-in was not started here: start again.'],
    ] as const) {
      state = await start(page, 'github')
      api.settings.failures.push({ path: '/auth/v1/social/verify', status, code, message })
      expect(
        await page.request('connectSocial', {
          provider: 'github',
          uri: `?code=ada&state=${state}`,
        }),
      ).toMatchObject({ ok: false, error: { code, message } })
      expect(await store.getFlow('social')).toBeUndefined()
    }
    expect(await store.getSession()).toBeUndefined()
  })

  it('a start that fails: the API’s social refusal as it is, anything else in spec words', async () => {
    const { api, page, store } = await setup()
    api.settings.unconfigured.push('apple')
    expect(
      await page.request('getSocialRedirectUri', { provider: 'apple', mode: 'popup', returnUrl }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'PROVIDER_NOT_CONFIGURED',
        message: 'Sign-in with Apple is not available here.',
      },
    })
    for (const [status, code] of [
      [500, 'INTERNAL'],
      [403, 'ORIGIN_NOT_ALLOWED'],
    ] as const) {
      api.settings.failures.push({ path: '/auth/v1/social/start', status, code, message: 'No.' })
      expect(
        await page.request('getSocialRedirectUri', {
          provider: 'google',
          mode: 'popup',
          returnUrl,
        }),
      ).toMatchObject({
        ok: false,
        error: {
          code: 'AUTH_INIT_FAILED',
          message: 'A problem occurred while trying initialize authentication',
        },
      })
    }
    api.settings.failures.push({
      path: '/auth/v1/farcaster/start',
      status: 502,
      code: 'PROVIDER_UNAVAILABLE',
      message: 'Farcaster did not answer as expected: try again in a moment.',
    })
    expect(await page.request('getFarcasterUri')).toMatchObject({
      ok: false,
      error: { code: 'PROVIDER_UNAVAILABLE' },
    })
    expect(await store.getFlow('social')).toBeUndefined()
    expect(await store.getFlow('farcaster')).toBeUndefined()
  })
})

const channelOf = (url: string) => new URL(url).searchParams.get('channelToken') as string
const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 5))
  if (!check()) throw new Error('Never happened.')
}
const farcasterUser = { subject: '3', email: null, username: 'alice' }

describe('Farcaster sign-in in the frame', () => {
  it('polls until the Farcaster client signed, then opens the session', async () => {
    const { api, page, store } = await setup()
    const { url } = result<{ url: string }>(await page.request('getFarcasterUri'))
    expect(url).toMatch(/^https:\/\/farcaster\.test\//)
    const flow = await store.getFlow('farcaster')
    expect(flow).toMatchObject({ channelId: channelOf(url) })
    expect(api.calls.find((call) => call.path === '/auth/v1/farcaster/start')?.body).toEqual({
      projectId,
      deviceId: await store.getDeviceId(),
      flowSecretHash: createHash('sha256')
        .update(flow?.secret as string)
        .digest('hex'),
    })
    const connecting = page.request('connectFarcaster')
    await until(() => api.count('/auth/v1/farcaster/verify') >= 3)
    api.signFarcaster(channelOf(url), farcasterUser)
    expect(result(await connecting)).toEqual({ action: 'CONNECT' })
    expect(api.calls.findLast((call) => call.path === '/auth/v1/farcaster/verify')?.body).toEqual({
      projectId,
      deviceId: await store.getDeviceId(),
      channelId: channelOf(url),
      flowSecret: flow?.secret,
    })
    expect(await store.getFlow('farcaster')).toBeUndefined()
    expect(result(await page.request('getUser'))).toMatchObject({
      email: null,
      username: 'alice',
      signInMethod: 'farcaster',
    })
  })

  it('gives up when the channel ends, and forgets it', async () => {
    const { api, page, store } = await setup()
    api.settings.farcasterChannelMs = 300
    result(await page.request('getFarcasterUri'))
    expect(await page.request('connectFarcaster')).toMatchObject({
      ok: false,
      error: { code: 'SOCIAL_EXPIRED', message: 'The Farcaster sign-in has expired: start again.' },
    })
    expect(api.count('/auth/v1/farcaster/verify')).toBeGreaterThan(1)
    expect(await store.getFlow('farcaster')).toBeUndefined()
    // Nothing left to wait for.
    expect(await page.request('connectFarcaster')).toMatchObject({
      ok: false,
      error: { code: 'SOCIAL_STATE_MISMATCH' },
    })
  })

  it("says the sign-in expired when the API has ended the channel before this frame's clock", async () => {
    const { api, page, store } = await setup()
    const { url } = result<{ url: string }>(await page.request('getFarcasterUri'))
    // Someone holding the channel's secret signed in on it first: the API has done with it.
    const flow = await store.getFlow('farcaster')
    api.signFarcaster(channelOf(url), farcasterUser)
    const taken = await api.fetchFn('http://api.test/auth/v1/farcaster/verify', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        projectId,
        deviceId: await store.getDeviceId(),
        channelId: flow?.channelId,
        flowSecret: flow?.secret,
      }),
    })
    expect(taken.status).toBe(200)
    expect(await page.request('connectFarcaster')).toMatchObject({
      ok: false,
      error: { code: 'SOCIAL_EXPIRED', message: 'The Farcaster sign-in has expired: start again.' },
    })
    expect(await store.getFlow('farcaster')).toBeUndefined()
  })

  it('stops waiting on a new channel or a sign-out', async () => {
    const { api, page, store } = await setup()
    const first = result<{ url: string }>(await page.request('getFarcasterUri')).url
    const waiting = page.request('connectFarcaster')
    await until(() => api.count('/auth/v1/farcaster/verify') >= 1)
    const second = result<{ url: string }>(await page.request('getFarcasterUri')).url
    expect(await waiting).toMatchObject({
      ok: false,
      error: { code: 4001, message: 'The Farcaster sign-in was cancelled.' },
    })
    // The new channel is the one kept, and nobody polls the old one any more.
    expect((await store.getFlow('farcaster'))?.channelId).toBe(channelOf(second))
    const polled = api.count('/auth/v1/farcaster/verify')
    api.signFarcaster(channelOf(first), farcasterUser)
    await new Promise((resolve) => setTimeout(resolve, 60))
    expect(api.count('/auth/v1/farcaster/verify')).toBe(polled)

    const again = page.request('connectFarcaster')
    await until(() => api.count('/auth/v1/farcaster/verify') > polled)
    expect(result(await page.request('signOut'))).toEqual({})
    expect(await again).toMatchObject({ ok: false, error: { code: 4001 } })
    expect(await store.getFlow('farcaster')).toBeUndefined()
    expect(await store.getSession()).toBeUndefined()
    expect(api.openSessions()).toBe(0)
  })

  it("passes the API's refusal of the signed message, and survives a passing outage", async () => {
    const { api, page, store } = await setup()
    const { url } = result<{ url: string }>(await page.request('getFarcasterUri'))
    api.settings.failures.push({
      path: '/auth/v1/farcaster/verify',
      status: 502,
      code: 'PROVIDER_UNAVAILABLE',
      message: 'Farcaster did not answer as expected: try again in a moment.',
    })
    const connecting = page.request('connectFarcaster')
    await until(() => api.count('/auth/v1/farcaster/verify') >= 2)
    api.signFarcaster(channelOf(url), farcasterUser)
    expect(result(await connecting)).toEqual({ action: 'CONNECT' })

    result(await page.request('getFarcasterUri'))
    api.settings.failures.push({
      path: '/auth/v1/farcaster/verify',
      status: 400,
      code: 'FARCASTER_INVALID',
      message: 'The Farcaster sign-in could not be verified: start again.',
    })
    expect(await page.request('connectFarcaster')).toMatchObject({
      ok: false,
      error: {
        code: 'FARCASTER_INVALID',
        message: 'The Farcaster sign-in could not be verified: start again.',
      },
    })
    expect(await store.getFlow('farcaster')).toBeUndefined()
  })
})

describe('social sign-in without IndexedDB (third-party storage blocked)', () => {
  it('works in a popup; a redirect, which would lose the flow, asks to allow pop-ups', async () => {
    const api = createFakeSocialApi({ now: Date.now })
    const page = createFakeFrameWindow({ pageOrigin })
    createFrame({
      config: { projectId, apiUrl: 'http://api.test', allowedOrigins: [pageOrigin] },
      window: page.window,
      ui: createFakeFrameUi().ui,
      ...createMemoryFrameStores(),
      fetchFn: api.fetchFn,
      scryptN: 2 ** 10,
    }).start()
    expect(
      await page.request('getSocialRedirectUri', {
        provider: 'discord',
        mode: 'redirect',
        returnUrl,
      }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'POPUP_REQUIRED',
        message: 'Allow pop-ups for this site to sign in with Discord.',
      },
    })
    expect(api.count('/auth/v1/social/start')).toBe(0)
    const state = await start(page, 'discord')
    expect(
      result(
        await page.request('connectSocial', {
          provider: 'discord',
          uri: `?code=ada&state=${state}`,
        }),
      ),
    ).toEqual({ action: 'CONNECT' })
    expect(result(await page.request('isConnected'))).toEqual({ isConnected: true })
  })
})

describe('sessions stored before sign-in methods', () => {
  it('read as email sessions without a username', async () => {
    const idb = new IDBFactory()
    const store = createSessionStore(idb)
    await store.getDeviceId()
    // Written the way issue 12's frame wrote it.
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = idb.open('latch-auth-session', 1)
      req.onsuccess = () => resolve(req.result)
      req.onerror = () => reject(req.error)
    })
    await new Promise((resolve, reject) => {
      const req = db
        .transaction('state', 'readwrite')
        .objectStore('state')
        .put(
          { token: 't', expiresAt: '2030-01-01T00:00:00.000Z', email: 'ada@example.com' },
          'session',
        )
      req.onsuccess = resolve
      req.onerror = reject
    })
    expect(await store.getSession()).toEqual({
      token: 't',
      expiresAt: '2030-01-01T00:00:00.000Z',
      email: 'ada@example.com',
      username: null,
      signInMethod: 'email',
      address: undefined,
    })
  })
})
