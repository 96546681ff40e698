import { socialCallbackFragmentKey } from '@latch/api-contract'
import { describe, expect, it } from 'vitest'
import { embeddedWallet } from '../connectors/embeddedWallet.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { openSocialPopup } from '../social/openSocialPopup.ts'
import { socialFragmentKey, socialPendingStorageKey } from '../social/socialWindow.ts'
import { createTestStorage } from '../testing/createFakeConnector.ts'
import { createFakeFrameWindow } from '../testing/createFakeFrameWindow.ts'
import { testNetwork } from '../testing/createFakeLatchApi.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import { createFakeSocialWindow } from '../testing/createFakeSocialWindow.ts'
import { until } from '../testing/until.ts'
import { cancelConnect } from './cancelConnect.ts'
import { cancelFarcaster } from './cancelFarcaster.ts'
import { cancelSocialSignIn } from './cancelSocialSignIn.ts'
import { connectFarcaster } from './connectFarcaster.ts'
import { connectSocial } from './connectSocial.ts'
import { getFarcasterUri } from './getFarcasterUri.ts'
import { resumeSocialRedirect } from './resumeSocialRedirect.ts'
import { signOutEmbedded } from './signOutEmbedded.ts'

const address = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const apiOrigin = 'http://api.test'
const callback = '?code=c0de&state=s1'

/**
 * The app's config with the embedded wallet over a fake frame (ready at once) that answers the
 * social calls as the real one does with a well-behaved API, and the page's window.
 */
function setup(answers: Record<string, unknown> = {}) {
  const frame = createFakeFrameWindow()
  const page = createFakeSocialWindow()
  const clock = createFakeScheduler()
  const connector = embeddedWallet({
    authUrl: frame.authOrigin,
    projectId: 'p1',
    apiUrl: apiOrigin,
    chainIds: [testNetwork.id],
    metadata: { name: 'Latch', url: 'http://app.test', icons: [] },
    window: frame.window,
    scheduler: clock.scheduler,
    socials: ['google', 'github', 'farcaster'],
  })
  const config = createLatchConfig({
    networks: [testNetwork],
    apiUrl: apiOrigin,
    projectId: 'p1',
    connectors: [connector],
    storage: createTestStorage(),
    scheduler: clock.scheduler,
  })
  const all: Record<string, unknown> = {
    syncDappData: {},
    syncTheme: {},
    signOut: {},
    getSocialRedirectUri: (params: { provider: string; mode: string }) => ({
      uri: `http://idp.test/${params.provider}/auth?state=s1&mode=${params.mode}`,
    }),
    connectSocial: { action: 'CONNECT' },
    getFarcasterUri: { url: 'http://relay.test/~/siwf?channelToken=t1' },
    getUser: {
      email: null,
      username: 'ada',
      signInMethod: 'google',
      address,
      chainId: testNetwork.id,
      preferredAccountType: 'eoa',
      accounts: [{ address, type: 'eoa' }],
    },
    ...answers,
  }
  frame.answerFrom(all)
  void frame.readyWhenMounted(() => clock.advance(500))
  const sent = (method: string) => frame.requests.filter((r) => r.message.method === method)
  /** The frame's request for `method`, once sent. */
  const request = async (method: string) => {
    await until(() => sent(method).length > 0)
    return sent(method)[0]?.message as { id: string; params: Record<string, unknown> }
  }
  return { frame, page, clock, config, connector, sent, request }
}

describe('connectSocial', () => {
  it('signs in through the popup: the provider, the answer from the API, then the wallet', async () => {
    const s = setup()
    const popup = openSocialPopup(s.page.window)
    expect(popup).not.toBeNull()
    expect(s.page.popups[0]?.opened).toEqual({
      target: 'latch-social',
      features: 'popup,width=500,height=640',
    })
    s.page.setHash('#tab')
    const result = connectSocial(s.config, { provider: 'google', popup, window: s.page.window })
    expect(s.config.getState().socialSignIn).toMatchObject({
      provider: 'google',
      status: 'pending',
    })
    const start = await s.request('getSocialRedirectUri')
    // The page comes back without its fragment.
    expect(start.params).toEqual({
      provider: 'google',
      mode: 'popup',
      returnUrl: 'http://app.test/wallet?tab=1',
    })
    await until(() => popup?.location.href !== 'about:blank')
    expect(popup?.location.href).toBe('http://idp.test/google/auth?state=s1&mode=popup')
    s.page.post(
      { type: 'latch:social:callback', state: 's1', search: callback },
      { origin: apiOrigin, source: popup },
    )
    await expect(result).resolves.toMatchObject({ status: 'connected', chainId: testNetwork.id })
    expect((await s.request('connectSocial')).params).toEqual({ provider: 'google', uri: callback })
    expect(s.config.getState()).toMatchObject({ status: 'connected', socialSignIn: undefined })
    expect(s.config.storage.getSocialUsername()).toBe('ada')
    expect(s.connector.embedded?.getUser()).toMatchObject({ username: 'ada', email: null })
    expect(s.page.listenerCount).toBe(0)
    // Sign-out forgets the username.
    await signOutEmbedded(s.config)
    expect(s.config.storage.getSocialUsername()).toBeUndefined()
  })

  it('ignores messages from another window, another origin, another state or another shape', async () => {
    const s = setup()
    const popup = openSocialPopup(s.page.window)
    const result = connectSocial(s.config, { provider: 'github', popup, window: s.page.window })
    await until(() => popup?.location.href !== 'about:blank')
    const message = { type: 'latch:social:callback', state: 's1', search: callback }
    s.page.post(message, { origin: apiOrigin, source: {} })
    s.page.post(message, { origin: 'http://evil.test', source: popup })
    s.page.post({ ...message, state: 'other' }, { origin: apiOrigin, source: popup })
    s.page.post({ ...message, search: 'code=1' }, { origin: apiOrigin, source: popup })
    s.page.post({ type: 'latch:social:callback' }, { origin: apiOrigin, source: popup })
    popup?.close()
    s.clock.advance(1000)
    await expect(result).resolves.toEqual({ status: 'cancelled' })
    expect(s.sent('connectSocial')).toHaveLength(0)
    expect(s.config.getState()).toMatchObject({ status: 'disconnected', socialSignIn: undefined })
  })

  it('cancels without an error when the person closes the popup', async () => {
    const s = setup()
    const popup = openSocialPopup(s.page.window)
    const result = connectSocial(s.config, { provider: 'google', popup, window: s.page.window })
    await until(() => popup?.location.href !== 'about:blank')
    s.clock.advance(500)
    popup?.close()
    s.clock.advance(1000)
    await expect(result).resolves.toEqual({ status: 'cancelled' })
    expect(s.config.getState().socialSignIn).toBeUndefined()
    expect(s.config.getState().error).toBeUndefined()
  })

  it('closes the popup when the person cancels in the page (Cancel, Back, the modal closed)', async () => {
    const s = setup()
    const popup = openSocialPopup(s.page.window)
    const result = connectSocial(s.config, { provider: 'google', popup, window: s.page.window })
    await until(() => popup?.location.href !== 'about:blank')
    cancelConnect(s.config)
    s.clock.advance(500)
    await expect(result).resolves.toEqual({ status: 'cancelled' })
    expect(popup?.closed).toBe(true)
    // A late answer finishes nothing.
    s.page.post(
      { type: 'latch:social:callback', state: 's1', search: callback },
      { origin: apiOrigin, source: popup },
    )
    expect(s.sent('connectSocial')).toHaveLength(0)
  })

  it("gives up after the flow's 10 minutes: the popup closes and the sign-in expired", async () => {
    const s = setup()
    const popup = openSocialPopup(s.page.window)
    const result = connectSocial(s.config, { provider: 'google', popup, window: s.page.window })
    await until(() => popup?.location.href !== 'about:blank')
    s.clock.advance(10 * 60 * 1000)
    await expect(result).rejects.toMatchObject({ reason: 'SOCIAL_EXPIRED' })
    expect(popup?.closed).toBe(true)
    expect(s.page.listenerCount).toBe(0)
  })

  it('treats a browser that throws on window.open as a blocked popup', () => {
    const s = setup()
    s.page.window.open = () => {
      throw new Error('Blocked.')
    }
    expect(openSocialPopup(s.page.window)).toBeNull()
  })

  it('goes by redirect when the popup was blocked, and finishes when the page comes back', async () => {
    const s = setup()
    s.page.blockPopups()
    const popup = openSocialPopup(s.page.window)
    expect(popup).toBeNull()
    await expect(
      connectSocial(s.config, { provider: 'github', popup, window: s.page.window }),
    ).resolves.toEqual({ status: 'redirecting' })
    expect(s.sent('getSocialRedirectUri')[0]?.message.params).toMatchObject({ mode: 'redirect' })
    expect(s.page.assigned).toEqual(['http://idp.test/github/auth?state=s1&mode=redirect'])
    expect(JSON.parse(s.page.session.get(socialPendingStorageKey) ?? '')).toEqual({
      provider: 'github',
    })

    // The page loads again with the answer in its fragment.
    expect(socialFragmentKey).toBe(socialCallbackFragmentKey)
    s.page.setHash(`#${socialFragmentKey}=${encodeURIComponent(callback)}`)
    await expect(resumeSocialRedirect(s.config, { window: s.page.window })).resolves.toMatchObject({
      status: 'connected',
    })
    expect((await s.request('connectSocial')).params).toEqual({ provider: 'github', uri: callback })
    expect(s.page.window.location.hash).toBe('')
    expect(s.page.window.location.href).toBe('http://app.test/wallet?tab=1')
    expect(s.page.session.has(socialPendingStorageKey)).toBe(false)
    // Nothing more to resume.
    await expect(resumeSocialRedirect(s.config, { window: s.page.window })).resolves.toBeUndefined()
  })

  it("refuses a forged callback: the frame's refusal is shown and nothing connects", async () => {
    const s = setup({ connectSocial: undefined })
    s.page.session.set(socialPendingStorageKey, JSON.stringify({ provider: 'google' }))
    s.page.setHash(`#${socialFragmentKey}=${encodeURIComponent('?code=x&state=forged')}`)
    const result = resumeSocialRedirect(s.config, { window: s.page.window })
    const request = await s.request('connectSocial')
    s.frame.fail(request.id, {
      code: 'SOCIAL_STATE_MISMATCH',
      message: 'This sign-in was not started here. Start again.',
    })
    await expect(result).rejects.toMatchObject({
      name: 'SocialSignInError',
      reason: 'SOCIAL_STATE_MISMATCH',
      shortMessage: 'This sign-in was not started here. Start again.',
    })
    expect(s.config.getState()).toMatchObject({
      status: 'disconnected',
      socialSignIn: { provider: 'google', status: 'error' },
    })
    expect(s.sent('getUser')).toHaveLength(0)
  })

  it('refuses an answer this tab did not start (no pending note) without asking the frame', async () => {
    const s = setup()
    s.page.setHash(`#${socialFragmentKey}=${encodeURIComponent(callback)}`)
    await expect(resumeSocialRedirect(s.config, { window: s.page.window })).rejects.toMatchObject({
      reason: 'SOCIAL_STATE_MISMATCH',
    })
    expect(s.sent('connectSocial')).toHaveLength(0)
    expect(s.page.window.location.hash).toBe('')
  })

  it('shows a declined consent with the API sentence', async () => {
    const s = setup({ connectSocial: undefined })
    const popup = openSocialPopup(s.page.window)
    const result = connectSocial(s.config, { provider: 'google', popup, window: s.page.window })
    await until(() => popup?.location.href !== 'about:blank')
    s.page.post(
      { type: 'latch:social:callback', state: 's1', search: '?error=access_denied&state=s1' },
      { origin: apiOrigin, source: popup },
    )
    const request = await s.request('connectSocial')
    s.frame.fail(request.id, {
      code: 'SOCIAL_DENIED',
      message: 'You declined the sign-in with Google.',
    })
    await expect(result).rejects.toMatchObject({ reason: 'SOCIAL_DENIED' })
    const state = s.config.getState().socialSignIn
    expect(state?.status).toBe('error')
    expect(state?.error?.message).toBe('You declined the sign-in with Google.')
    // Cancel (or a new attempt) forgets it.
    cancelSocialSignIn(s.config)
    expect(s.config.getState().socialSignIn).toBeUndefined()
  })

  it("says 'A problem occurred while trying initialize authentication' when the frame cannot start", async () => {
    const s = setup({ getSocialRedirectUri: undefined })
    const popup = openSocialPopup(s.page.window)
    const result = connectSocial(s.config, { provider: 'google', popup, window: s.page.window })
    const request = await s.request('getSocialRedirectUri')
    s.frame.fail(request.id, { code: 'AUTH_INIT_FAILED', message: 'The API did not answer.' })
    await expect(result).rejects.toMatchObject({
      name: 'AuthInitError',
      shortMessage: 'A problem occurred while trying initialize authentication.',
    })
    expect(popup?.closed).toBe(true)
  })

  it("keeps the frame's own words for another refusal (pop-ups required without storage)", async () => {
    const s = setup({ getSocialRedirectUri: undefined })
    const result = connectSocial(s.config, {
      provider: 'google',
      popup: null,
      window: s.page.window,
    })
    const request = await s.request('getSocialRedirectUri')
    const message = 'Allow pop-ups for this site to sign in with Google.'
    s.frame.fail(request.id, { code: 'POPUP_REQUIRED', message })
    await expect(result).rejects.toMatchObject({ name: 'EmbeddedWalletRequestError', message })
    expect(s.config.getState().socialSignIn?.error?.message).toBe(message)
  })

  it('times the frame out while starting as the same failure', async () => {
    const s = setup({ getSocialRedirectUri: undefined })
    const result = connectSocial(s.config, {
      provider: 'google',
      popup: null,
      window: s.page.window,
    })
    await s.request('getSocialRedirectUri')
    s.clock.advance(30_000)
    await expect(result).rejects.toMatchObject({ name: 'AuthInitError' })
    expect(s.page.assigned).toEqual([])
  })
})

describe('connectFarcaster', () => {
  it('shows the relay URL, waits for the Farcaster client, then opens the wallet', async () => {
    const s = setup({ connectFarcaster: undefined })
    const result = connectFarcaster(s.config)
    const request = await s.request('connectFarcaster')
    expect(s.config.getState().socialSignIn).toMatchObject({
      provider: 'farcaster',
      status: 'pending',
      farcasterUrl: 'http://relay.test/~/siwf?channelToken=t1',
    })
    // Waiting for a person: longer than a connect call's 30 s.
    s.clock.advance(60_000)
    s.frame.respond(request.id, { action: 'CONNECT' })
    await expect(result).resolves.toMatchObject({ status: 'connected' })
    expect(s.config.getState().socialSignIn).toBeUndefined()
    expect(s.config.storage.getSocialUsername()).toBe('ada')
  })

  it('reuses the URL getFarcasterUri showed', async () => {
    const s = setup({ connectFarcaster: { action: 'CONNECT' } })
    await expect(getFarcasterUri(s.config)).resolves.toEqual({
      url: 'http://relay.test/~/siwf?channelToken=t1',
    })
    await expect(connectFarcaster(s.config)).resolves.toMatchObject({ status: 'connected' })
    expect(s.sent('getFarcasterUri')).toHaveLength(1)
  })

  it('going back clears the URL and, 100 ms later, reloads the frame: the wait ends, no error', async () => {
    const s = setup({ connectFarcaster: undefined })
    const result = connectFarcaster(s.config)
    await s.request('connectFarcaster')
    cancelFarcaster(s.config)
    expect(s.config.getState().socialSignIn).toBeUndefined()
    expect(s.frame.removed).toBe(0)
    s.clock.advance(99)
    expect(s.frame.removed).toBe(0)
    s.clock.advance(1)
    await until(() => s.frame.removed === 1)
    await expect(result).resolves.toEqual({ status: 'cancelled' })
    expect(s.config.getState()).toMatchObject({ status: 'disconnected', error: undefined })
  })
})
