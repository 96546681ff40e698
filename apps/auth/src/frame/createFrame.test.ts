import { IDBFactory } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { createDeviceShareStore } from '../keys/createDeviceShareStore.ts'
import { createFrame } from './createFrame.ts'
import { createSessionStore } from './createSessionStore.ts'
import { createFakeFrameUi } from './testing/createFakeFrameUi.ts'
import { createFakeFrameWindow } from './testing/createFakeFrameWindow.ts'

const pageOrigin = 'https://app.shop.test'

function startFrame(idb = new IDBFactory()) {
  const page = createFakeFrameWindow({ pageOrigin })
  const fake = createFakeFrameUi()
  let fetches = 0
  const frame = createFrame({
    config: {
      projectId: 'shop',
      apiUrl: 'http://api.invalid',
      allowedOrigins: ['https://*.shop.test', 'http://localhost:*'],
    },
    window: page.window,
    ui: fake.ui,
    sessions: createSessionStore(idb),
    deviceShares: createDeviceShareStore(idb),
    fetchFn: async () => {
      fetches++
      throw new TypeError('offline')
    },
  })
  frame.start()
  return { page, fake, frame, fetches: () => fetches }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 50))
const request = (method: string, params: unknown = {}, id = 'x1') => ({
  type: 'latch:frame:request',
  id,
  method,
  params,
})

describe('createFrame message filter', () => {
  it('says ready to its parent, with no data, once started', () => {
    const { page } = startFrame()
    expect(page.posted).toEqual([
      { message: { type: 'latch:frame:event', event: { name: 'ready' } }, targetOrigin: '*' },
    ])
  })

  it('ignores messages from another window, a foreign origin or off the schema', async () => {
    const { page, fake } = startFrame()
    const other = { postMessage() {} }
    page.send(request('syncTheme', { themeMode: 'dark' }), { source: other })
    page.send(request('syncTheme', { themeMode: 'dark' }), { source: null })
    page.send(request('syncTheme', { themeMode: 'dark' }), { origin: 'https://evil.test' })
    page.send(request('syncTheme', { themeMode: 'dark' }), { origin: 'https://shop.test' })
    page.send(request('syncTheme', { themeMode: 'dark' }), { origin: 'null' })
    page.send(request('syncTheme', { themeMode: 'blue' }))
    page.send(request('dropTables', {}))
    page.send({ ...request('syncTheme', { themeMode: 'dark' }), id: 'has space' })
    page.send('latch:frame:request')
    await flush()
    expect(page.posted).toHaveLength(1) // ready only
    expect(fake.themes).toEqual([])
  })

  it('answers an allowed page with the request id, to its origin only', async () => {
    const { page, fake } = startFrame()
    expect(await page.request('syncTheme', { themeMode: 'dark' })).toEqual({
      type: 'latch:frame:response',
      id: 'r1',
      ok: true,
      result: {},
    })
    expect(fake.themes).toEqual(['dark'])
    page.send(request('getSmartAccountEnabledNetworks', {}, 'local-1'), {
      origin: 'http://localhost:5173',
    })
    await flush()
    expect(page.posted.at(-1)).toEqual({
      message: {
        type: 'latch:frame:response',
        id: 'local-1',
        ok: true,
        result: { chainIds: [] },
      },
      targetOrigin: 'http://localhost:5173',
    })
  })
})

describe('createFrame settings', () => {
  it('syncDappData sets the networks; switchNetwork only to them, telling the page', async () => {
    const { page } = startFrame()
    const dapp = {
      metadata: { name: 'Shop', url: 'https://app.shop.test', icons: [] },
      projectId: 'shop',
      sdkVersion: 'latch-1',
      chainIds: [31337, 8453],
    }
    expect(await page.request('syncDappData', { ...dapp, projectId: 'other' })).toMatchObject({
      ok: false,
      error: { code: 'PROJECT_MISMATCH' },
    })
    expect((await page.request('syncDappData', dapp)).ok).toBe(true)
    expect(await page.request('switchNetwork', { chainId: 1 })).toEqual({
      type: 'latch:frame:response',
      id: 'r3',
      ok: false,
      error: { code: 4901, message: "The network 1 is not one of this app's networks." },
    })
    expect(await page.request('switchNetwork', { chainId: 8453 })).toMatchObject({
      ok: true,
      result: { chainId: 8453 },
    })
    expect(page.events().at(-1)).toEqual({
      name: 'chainChanged',
      chainId: 8453,
      targetOrigin: pageOrigin,
    })
    expect(
      await page.request('rpcRequest', { chainId: 8453, method: 'eth_chainId' }),
    ).toMatchObject({ ok: true, result: { result: '0x2105' } })
    expect(await page.request('rpcRequest', { chainId: 10, method: 'eth_chainId' })).toMatchObject({
      ok: false,
      error: { code: 4901 },
    })
  })

  it('refuses an account type and unstarted sign-ins, and answers no account before sign-in', async () => {
    const { page, fetches } = startFrame()
    // The account type is the signed-in wallet's.
    expect(await page.request('setPreferredAccount', { type: 'eoa' })).toMatchObject({
      ok: false,
      error: { code: 4100 },
    })
    // Social sign-ins this frame never started: refused before asking the API.
    expect(
      await page.request('connectSocial', { provider: 'google', uri: '?code=c&state=s' }),
    ).toMatchObject({
      ok: false,
      error: {
        code: 'SOCIAL_STATE_MISMATCH',
        message: 'This sign-in with Google was not started here: start again.',
      },
    })
    expect(await page.request('connectFarcaster')).toMatchObject({
      ok: false,
      error: { code: 'SOCIAL_STATE_MISMATCH' },
    })
    // A return URL off the page's origin is refused before anything starts.
    expect(
      await page.request('getSocialRedirectUri', {
        provider: 'google',
        mode: 'redirect',
        returnUrl: 'https://evil.test/',
      }),
    ).toMatchObject({ ok: false, error: { code: -32602 } })
    expect(await page.request('isConnected')).toMatchObject({
      ok: true,
      result: { isConnected: false },
    })
    expect(await page.request('rpcRequest', { chainId: 1, method: 'eth_accounts' })).toMatchObject({
      ok: true,
      result: { result: [] },
    })
    expect(
      await page.request('rpcRequest', { chainId: 1, method: 'eth_requestAccounts' }),
    ).toMatchObject({ ok: false, error: { code: 4100 } })
    expect(await page.request('getUser')).toMatchObject({ ok: false, error: { code: 4100 } })
    expect(await page.request('connectOtp', { otp: '123456' })).toMatchObject({
      ok: false,
      error: { code: 'NO_EMAIL', message: 'Enter your email first.' },
    })
    // Nothing so far needed the API.
    expect(fetches()).toBe(0)
    // A sign-in that cannot start: spec section 8's words, whatever the cause.
    for (const [method, params] of [
      ['getFarcasterUri', {}],
      [
        'getSocialRedirectUri',
        { provider: 'github', mode: 'popup', returnUrl: `${pageOrigin}/shop?item=1` },
      ],
    ] as const)
      expect(await page.request(method, params)).toMatchObject({
        ok: false,
        error: {
          code: 'AUTH_INIT_FAILED',
          message: 'A problem occurred while trying initialize authentication',
        },
      })
    // The API unreachable: the page gets the client's error, not a stack.
    expect(await page.request('connectEmail', { email: 'Ada@Example.com ' })).toMatchObject({
      ok: false,
      error: { code: 'NETWORK', message: 'Could not reach the Latch API.' },
    })
  })
})

describe('createFrame signOut', () => {
  it('forgets the session here even when the API cannot be told, and says so', async () => {
    const idb = new IDBFactory()
    const sessions = createSessionStore(idb)
    const deviceId = await sessions.getDeviceId()
    expect(deviceId).toMatch(/^[0-9a-f]{32}$/)
    await sessions.setSession({
      token: 't',
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
      email: 'ada@example.com',
      username: null,
      signInMethod: 'email',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    })
    const { page } = startFrame(idb)
    expect(await page.request('signOut')).toMatchObject({
      ok: false,
      error: { code: 'NETWORK' },
    })
    expect(page.events().at(-1)).toMatchObject({ name: 'signedOut', reason: 'user' })
    expect(await sessions.getSession()).toBeUndefined()
    expect(await sessions.getDeviceId()).toBe(deviceId)
  })
})
