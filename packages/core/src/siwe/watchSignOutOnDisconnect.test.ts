import { describe, expect, it } from 'vitest'
import { disconnect } from '../actions/disconnect.ts'
import { createSigningSetup } from '../testing/createFakeLatchApi.ts'
import { createSignInFlow } from './createSignInFlow.ts'
import { watchSignOutOnDisconnect } from './watchSignOutOnDisconnect.ts'

const page = { domain: '127.0.0.1:4170', uri: 'http://127.0.0.1:4170', appName: 'Latch' }

/** A wallet connected and signed in through the real flow. */
async function signedIn() {
  const setup = await createSigningSetup()
  const flow = createSignInFlow(setup.config, page)
  await flow.prepare()
  await flow.signIn()
  expect(setup.config.storage.getSignInSession(setup.account.address)?.id).toBe('session-1')
  return setup
}

describe('watchSignOutOnDisconnect', () => {
  it("forgets this browser's session when the wallet disconnects", async () => {
    const { config, account } = await signedIn()
    const stop = watchSignOutOnDisconnect(config)
    await disconnect(config)
    expect(config.storage.getSignInSession(account.address)).toBeUndefined()
    stop()
  })

  it('keeps it when nobody watches (an app that does not require sign-in)', async () => {
    const { config, account } = await signedIn()
    const stop = watchSignOutOnDisconnect(config)
    stop()
    await disconnect(config)
    expect(config.storage.getSignInSession(account.address)?.id).toBe('session-1')
  })
})
