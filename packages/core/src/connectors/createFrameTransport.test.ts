import { describe, expect, it } from 'vitest'
import { createFakeFrameWindow } from '../testing/createFakeFrameWindow.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import { createFrameTransport, getFrameRequestTimeoutMs } from './createFrameTransport.ts'

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

function setup() {
  const frame = createFakeFrameWindow('http://auth.test')
  const clock = createFakeScheduler()
  let n = 0
  const transport = createFrameTransport({
    authUrl: 'http://auth.test/',
    projectId: 'my project',
    window: frame.window,
    scheduler: clock.scheduler,
    zIndex: 5000,
    randomId: () => `id${++n}`,
  })
  return { frame, clock, transport }
}

/** Mounts and readies the frame (the 500 ms delay passed). */
async function ready(s: ReturnType<typeof setup>) {
  const done = s.transport.ready()
  s.frame.ready()
  s.clock.advance(500)
  await done
}

describe('createFrameTransport', () => {
  it('mounts a hidden iframe on the auth origin, and waits 500 ms after ready', async () => {
    const s = setup()
    let isReady = false
    void s.transport.ready().then(() => {
      isReady = true
    })
    expect(s.frame.iframe?.src).toBe('http://auth.test/frame?projectId=my%20project')
    expect(s.frame.iframe?.title).toBe('Latch secure wallet')
    expect(s.frame.iframe?.attributes.get('allow')).toBe('clipboard-write')
    expect(s.frame.host.style).toBe('display:none')
    expect(s.frame.host.open).toBe(false)
    s.frame.ready()
    s.clock.advance(499)
    await flush()
    expect(isReady).toBe(false)
    s.clock.advance(1)
    await flush()
    expect(isReady).toBe(true)
  })

  it('fails with iframe_load_failed after 20 s without ready, and tries a new frame next', async () => {
    const s = setup()
    const attempt = s.transport.ready()
    s.clock.advance(19_999)
    s.clock.advance(1)
    await expect(attempt).rejects.toMatchObject({
      name: 'EmbeddedWalletLoadError',
      code: 'iframe_load_failed',
    })
    expect(s.frame.removed).toBe(1)
    expect(s.frame.listenerCount).toBe(0)
    const again = s.transport.ready()
    expect(s.frame.iframe).toBeDefined()
    s.frame.ready()
    s.clock.advance(500)
    await expect(again).resolves.toBeUndefined()
  })

  it('sends requests to the auth origin only, and reads the answer with its id', async () => {
    const s = setup()
    await ready(s)
    const answer = s.transport.request('connectEmail', { email: 'ada@example.com' })
    await flush()
    expect(s.frame.requests).toEqual([
      {
        message: {
          type: 'latch:frame:request',
          id: 'id1',
          method: 'connectEmail',
          params: { email: 'ada@example.com' },
        },
        targetOrigin: 'http://auth.test',
      },
    ])
    s.frame.respond('id1', { action: 'VERIFY_OTP' })
    await expect(answer).resolves.toEqual({ action: 'VERIFY_OTP' })
  })

  it('ignores a foreign origin, another source window and messages that do not parse', async () => {
    const s = setup()
    await ready(s)
    const answer = s.transport.request('isConnected', {})
    let settled = false
    void answer.then(() => {
      settled = true
    })
    await flush()
    const good = {
      type: 'latch:frame:response',
      id: 'id1',
      ok: true,
      result: { isConnected: true },
    }
    s.frame.dispatch(good, { origin: 'http://evil.test' })
    s.frame.dispatch(good, { source: {} })
    s.frame.dispatch({ ...good, id: 'not an id!' })
    s.frame.dispatch({ ...good, result: { isConnected: 'yes' } }) // not this method's answer
    s.frame.dispatch('latch:frame:response')
    s.frame.dispatch(null)
    await flush()
    expect(settled).toBe(false)
    s.frame.dispatch(good)
    await expect(answer).resolves.toEqual({ isConnected: true })
  })

  it('ignores events from a foreign origin and passes valid ones on', async () => {
    const s = setup()
    const events: unknown[] = []
    s.transport.onEvent((event) => events.push(event))
    await ready(s)
    s.frame.dispatch(
      { type: 'latch:frame:event', event: { name: 'chainChanged', chainId: 5 } },
      { origin: 'http://evil.test' },
    )
    s.frame.emit({ name: 'chainChanged', chainId: -1 })
    s.frame.emit({ name: 'chainChanged', chainId: 10 })
    expect(events).toEqual([{ name: 'ready' }, { name: 'chainChanged', chainId: 10 }])
  })

  it('times connect calls out after 30 s and frame-UI calls after 10 minutes', async () => {
    expect(getFrameRequestTimeoutMs('connectOtp')).toBe(30_000)
    expect(getFrameRequestTimeoutMs('getUser')).toBe(600_000)
    expect(getFrameRequestTimeoutMs('rpcRequest')).toBe(600_000)
    expect(getFrameRequestTimeoutMs('exportKey')).toBe(600_000)
    const s = setup()
    await ready(s)
    const otp = s.transport.request('connectOtp', { otp: '123456' })
    const user = s.transport.request('getUser', {})
    let userSettled = false
    void user.catch(() => {
      userSettled = true
    })
    await flush()
    s.clock.advance(30_000)
    await expect(otp).rejects.toMatchObject({
      name: 'EmbeddedWalletTimeoutError',
      code: 'iframe_request_timeout',
    })
    await flush()
    expect(userSettled).toBe(false)
    s.clock.advance(570_000)
    await expect(user).rejects.toMatchObject({ name: 'EmbeddedWalletTimeoutError' })
  })

  it("turns the frame's refusals into errors: its message, the cooldown, 'An error occurred'", async () => {
    const s = setup()
    await ready(s)
    const wrong = s.transport.request('connectOtp', { otp: '000000' })
    const cooldown = s.transport.request('connectEmail', { email: 'ada@example.com' })
    const bare = s.transport.request('connectDevice', {})
    await flush()
    s.frame.fail('id1', { code: 'INVALID_OTP', message: 'Wrong code. 4 tries left.' })
    s.frame.fail('id2', { code: 'EMAIL_COOLDOWN', message: 'Wait', retryAfterSeconds: 12 })
    s.frame.fail('id3', { code: 'X', message: '' })
    await expect(wrong).rejects.toMatchObject({
      name: 'EmbeddedWalletRequestError',
      frameCode: 'INVALID_OTP',
      shortMessage: 'Wrong code. 4 tries left.',
    })
    await expect(cooldown).rejects.toMatchObject({
      name: 'EmailCooldownError',
      seconds: 12,
      shortMessage: 'Please try again after 12 seconds.',
    })
    await expect(bare).rejects.toMatchObject({ shortMessage: 'An error occurred.' })
  })

  it("the frame's own 'TIMEOUT' (the auth API did not answer) is the spec's timeout alert", async () => {
    const s = setup()
    await ready(s)
    const slow = s.transport.request('connectEmail', { email: 'ada@example.com' })
    await flush()
    s.frame.fail('id1', { code: 'TIMEOUT', message: 'The Latch API did not answer in time.' })
    await expect(slow).rejects.toMatchObject({
      name: 'EmbeddedWalletTimeoutError',
      shortMessage: 'Embedded Wallet Request Timed Out.',
    })
  })

  it("aborts pending calls when the frame reloads or is destroyed ('Request was aborted' for RPC)", async () => {
    const s = setup()
    await ready(s)
    const otp = s.transport.request('connectOtp', { otp: '123456' })
    await flush()
    s.frame.ready()
    await expect(otp).rejects.toMatchObject({
      name: 'EmbeddedWalletAbortedError',
      shortMessage: 'Something went wrong.',
    })
    const rpc = s.transport.request('rpcRequest', { chainId: 1, method: 'personal_sign' })
    await flush()
    s.transport.destroy()
    const error = await rpc.catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'EmbeddedWalletAbortedError' })
    expect((error as Error).cause).toMatchObject({ name: 'AbortError' })
    expect(s.frame.iframe).toBeUndefined()
    await expect(s.transport.ready()).rejects.toMatchObject({ name: 'EmbeddedWalletAbortedError' })
  })

  it('shows the frame as a focused modal overlay above the app modal, and gives the focus back', async () => {
    const s = setup()
    await ready(s)
    s.transport.show()
    const style = s.frame.host.style
    expect(style).toContain('position:fixed')
    expect(style).toContain('inset:0')
    expect(style).toContain('z-index:5000')
    expect(style).toContain('background:transparent')
    expect(style).toContain('border:0')
    // A modal <dialog>: in the top layer, over the app's own modal dialog, which goes inert.
    expect(s.frame.host.open).toBe(true)
    expect(s.frame.iframe?.focused).toBe(true)
    // Escape belongs to the frame's dialogs.
    let prevented = false
    const cancel = {
      preventDefault() {
        prevented = true
      },
    }
    for (const listener of s.frame.host.cancelListeners) listener(cancel)
    expect(prevented).toBe(true)
    s.transport.hide()
    expect(s.frame.host.open).toBe(false)
    expect(s.frame.host.style).toBe('display:none')
    expect(s.frame.focusable.focused).toBe(1)
  })
})
