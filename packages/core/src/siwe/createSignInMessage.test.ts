import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { createSignInMessage, signInExpiryMs } from './createSignInMessage.ts'

const issuedAt = new Date('2026-11-21T12:00:00.000Z')
const base = {
  address: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  chainId: 31337,
  nonce: 'a1b2c3d4e5f6a7b8',
  domain: '127.0.0.1:4170',
  uri: 'http://127.0.0.1:4170',
  appName: 'Latch',
  issuedAt,
}

describe('createSignInMessage', () => {
  it('writes the EIP-4361 message with every field the API checks', () => {
    const { message } = createSignInMessage(base)
    expect(message).toMatchInlineSnapshot(`
      "127.0.0.1:4170 wants you to sign in with your Ethereum account:
      0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266

      Sign in to Latch.

      URI: http://127.0.0.1:4170
      Version: 1
      Chain ID: 31337
      Nonce: a1b2c3d4e5f6a7b8
      Issued At: 2026-11-21T12:00:00.000Z
      Expiration Time: 2026-11-22T12:00:00.000Z"
    `)
  })

  it('reads back the same fields, valid now and for the page only', () => {
    const { message, fields } = createSignInMessage(base)
    const parsed = parseSiweMessage(message)
    expect(parsed).toEqual({
      domain: '127.0.0.1:4170',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      statement: 'Sign in to Latch.',
      uri: 'http://127.0.0.1:4170',
      version: '1',
      chainId: 31337,
      nonce: 'a1b2c3d4e5f6a7b8',
      issuedAt,
      expirationTime: new Date('2026-11-22T12:00:00.000Z'),
    })
    expect(fields.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    const valid = (time: string, domain = '127.0.0.1:4170') =>
      validateSiweMessage({ message: parsed, domain, nonce: base.nonce, time: new Date(time) })
    expect(valid('2026-11-21T12:00:01.000Z')).toBe(true)
    expect(valid('2026-11-21T12:00:01.000Z', 'evil.example')).toBe(false)
    expect(valid('2026-11-22T12:00:01.000Z')).toBe(false)
  })

  it('expires 24 hours after it is issued unless told otherwise', () => {
    expect(signInExpiryMs).toBe(86_400_000)
    const hour = createSignInMessage({ ...base, expiresInMs: 3_600_000 })
    expect(hour.fields.expirationTime?.toISOString()).toBe('2026-11-21T13:00:00.000Z')
    const now = Date.now()
    const { fields } = createSignInMessage({ ...base, issuedAt: undefined })
    expect(fields.issuedAt?.getTime()).toBeGreaterThanOrEqual(now)
    expect((fields.expirationTime?.getTime() ?? 0) - (fields.issuedAt?.getTime() ?? 0)).toBe(
      signInExpiryMs,
    )
  })

  it('keeps the statement on one line whatever the app is called', () => {
    const { message } = createSignInMessage({ ...base, appName: ' My\n  Shop ' })
    expect(parseSiweMessage(message).statement).toBe('Sign in to My Shop.')
  })
})
