import { describe, expect, it } from 'vitest'
import { SessionExpiredError } from '../errors/session.ts'
import { createSignInMessage } from '../siwe/createSignInMessage.ts'
import { getSignInSession } from '../siwe/getSignInSession.ts'
import { createSigningSetup } from '../testing/createFakeLatchApi.ts'
import { getSessions } from './getSessions.ts'
import { getSiweNonce } from './getSiweNonce.ts'
import { revokeSession } from './revokeSession.ts'
import { signIn } from './signIn.ts'

async function signedIn() {
  const setup = await createSigningSetup()
  const sign = async () => {
    const nonce = await getSiweNonce(setup.config)
    const { message } = createSignInMessage({
      address: setup.account.address,
      chainId: 31337,
      nonce,
      domain: 'app.test',
      uri: 'https://app.test',
      appName: 'Latch',
    })
    return signIn(setup.config, { message })
  }
  const first = await sign()
  const second = await sign()
  return { ...setup, first, second }
}

describe('sessions', () => {
  it('getSessions lists the active sessions; getSignInSession finds the one held here', async () => {
    const { config, account, second } = await signedIn()
    const sessions = await getSessions(config, { address: account.address })
    expect(sessions.map((session) => session.id)).toEqual(['session-2', 'session-1'])
    expect(sessions[0]).toEqual({
      id: 'session-2',
      address: account.address,
      chainId: 31337,
      domain: 'app.test',
      issuedAt: expect.any(String),
      expiresAt: expect.any(String),
    })
    await expect(getSignInSession(config, { address: account.address })).resolves.toEqual(second)
  })

  it('revoking another session keeps this one; revoking this one signs out', async () => {
    const { config, account, wallet, api } = await signedIn()
    await expect(revokeSession(config, { id: 'session-1' })).resolves.toEqual({ current: false })
    expect(wallet.requests.at(-1)?.params).toEqual([
      // "Revoke Latch session session-1", hex encoded for personal_sign.
      '0x5265766f6b65204c617463682073657373696f6e2073657373696f6e2d31',
      account.address,
    ])
    expect(api.calls.at(-1)).toMatchObject({
      method: 'POST',
      path: `/v1/sessions/${account.address}/revoke`,
      body: { pci: 'session-1', signature: expect.stringMatching(/^0x/) },
    })
    expect(config.storage.getSignInSession(account.address)?.id).toBe('session-2')

    await expect(revokeSession(config, { id: 'session-2' })).resolves.toEqual({ current: true })
    expect(config.storage.getSignInSession(account.address)).toBeUndefined()
    await expect(getSessions(config, { address: account.address })).resolves.toEqual([])
  })

  it('a session revoked elsewhere is forgotten; an expired one too, with Session Expired', async () => {
    const { config, account, api } = await signedIn()
    for (const session of api.sessions) session.revoked = true
    await expect(getSignInSession(config, { address: account.address })).resolves.toBeUndefined()
    expect(config.storage.getSignInSession(account.address)).toBeUndefined()

    config.storage.setSignInSession({
      id: 'old',
      address: account.address,
      expiresAt: '2020-01-01T00:00:00.000Z',
    })
    const calls = api.calls.length
    await expect(getSignInSession(config, { address: account.address })).rejects.toBeInstanceOf(
      SessionExpiredError,
    )
    expect(api.calls.length).toBe(calls)
    expect(config.storage.getSignInSession(account.address)).toBeUndefined()
  })

  it('a failed revocation keeps the session and says which', async () => {
    const { config, account, api } = await signedIn()
    api.override(`POST /v1/sessions/${account.address}/revoke`, {
      status: 400,
      body: { error: { code: 'BAD_REQUEST', message: 'Invalid signature.' } },
    })
    await expect(
      revokeSession(config, { id: 'session-2' }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [RevokeSessionFailedError: Failed to revoke session "session-2".

      Details: Invalid signature.]
    `)
    expect(config.storage.getSignInSession(account.address)?.id).toBe('session-2')
  })
})
