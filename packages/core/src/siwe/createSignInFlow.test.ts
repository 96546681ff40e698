import type { Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { storageKeys } from '../storage/createLatchStorage.ts'
import { createSigningSetup } from '../testing/createFakeLatchApi.ts'
import { createSignInFlow, type SignInFlowStatus } from './createSignInFlow.ts'

const page = { domain: '127.0.0.1:4170', uri: 'http://127.0.0.1:4170', appName: 'Latch' }
const rpcError = (code: number, message: string) => Object.assign(new Error(message), { code })

async function setup() {
  const context = await createSigningSetup()
  const flow = createSignInFlow(context.config, page)
  const statuses: SignInFlowStatus[] = []
  flow.subscribe((state) => statuses.push(state.status))
  return { ...context, flow, statuses }
}

describe('createSignInFlow', () => {
  it('shows the message before asking the wallet, then signs in and keeps the session', async () => {
    const { flow, wallet, api, config, storage, account, statuses } = await setup()
    await flow.prepare()
    expect(flow.getState().status).toBe('ready')
    expect(flow.getState().message).toContain('Nonce: nonce00000001')
    expect(flow.getState().message).toContain(`\n${account.address}\n`)
    // Nothing is asked of the wallet while the message is only shown.
    expect(wallet.requests).toEqual([])

    await flow.signIn()
    expect(statuses).toEqual(['preparing', 'ready', 'signing', 'signedIn'])
    expect(wallet.requests.map((request) => request.method)).toEqual(['personal_sign'])
    expect(flow.getState().session).toMatchObject({ id: 'session-1', address: account.address })
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'POST /v1/auth/nonce',
      'POST /v1/sessions',
    ])
    expect(config.storage.getSignInSession(account.address.toLowerCase())?.id).toBe('session-1')
    expect(JSON.parse(storage.map.get(storageKeys.signInSessions) ?? '{}')).toEqual({
      [account.address.toLowerCase()]: {
        id: 'session-1',
        address: account.address,
        expiresAt: expect.any(String),
      },
    })
    expect(config.getState().status).toBe('connected')
  })

  it('a declined signature disconnects the wallet and fails with "Signature declined."', async () => {
    const { flow, wallet, config, account, statuses } = await setup()
    await flow.prepare()
    wallet.answer(() => {
      throw rpcError(4001, 'User rejected the request.')
    })
    await flow.signIn()
    expect(statuses).toEqual(['preparing', 'ready', 'signing', 'failed'])
    expect(flow.getState().error).toMatchInlineSnapshot(`
      [SignatureDeclinedError: Signature declined.

      Details: User rejected the request.]
    `)
    expect(config.getState().status).toBe('disconnected')
    expect(wallet.disconnects()).toBe(1)
    expect(config.storage.getSignInSession(account.address)).toBeUndefined()
  })

  it('a refused sign-in (the API says no) disconnects with the reason', async () => {
    const { flow, api, config, wallet } = await setup()
    api.override('POST /v1/sessions', {
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'This sign-in message was already used.' } },
    })
    await flow.prepare()
    await flow.signIn()
    expect(flow.getState().status).toBe('failed')
    expect(flow.getState().error).toMatchInlineSnapshot(`
      [SignInFailedError: Sign-in failed.

      Details: This sign-in message was already used.]
    `)
    expect(config.getState().status).toBe('disconnected')
    expect(wallet.disconnects()).toBe(1)
  })

  it('no nonce: disconnects before anything is signed', async () => {
    const { flow, api, config, wallet } = await setup()
    api.override('POST /v1/auth/nonce', { status: 503, body: {} })
    await flow.prepare()
    expect(flow.getState()).toMatchObject({ status: 'failed', message: undefined })
    expect(flow.getState().error?.name).toBe('SignInFailedError')
    expect(wallet.requests).toEqual([])
    expect(config.getState().status).toBe('disconnected')
  })

  it('cancel disconnects; a signature that arrives afterwards is not kept', async () => {
    const { flow, wallet, config, account } = await setup()
    await flow.prepare()
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => {
      release = resolve
    })
    wallet.answer(async (args) => {
      await held
      return account.signMessage({ message: { raw: (args.params as Hex[])[0] as Hex } })
    })
    const signing = flow.signIn()
    await flow.cancel()
    expect(flow.getState().status).toBe('cancelled')
    expect(config.getState().status).toBe('disconnected')
    release()
    await signing
    expect(flow.getState().status).toBe('cancelled')
    expect(config.storage.getSignInSession(account.address)).toBeUndefined()
  })

  it('signIn does nothing until the message is ready', async () => {
    const { flow, wallet } = await setup()
    await flow.signIn()
    expect(flow.getState().status).toBe('idle')
    expect(wallet.requests).toEqual([])
  })
})
