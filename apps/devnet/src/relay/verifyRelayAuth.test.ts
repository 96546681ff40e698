import { encodeIss, generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { expect, test } from 'vitest'
import { verifyRelayAuth } from './verifyRelayAuth.ts'

const keyPair = generateKeyPair(new Uint8Array(32).fill(7))
const relayUrl = 'ws://127.0.0.1:4172'
const audiences = [relayUrl]
const sign = (ttl = 86_400, iat?: number, aud = relayUrl) =>
  signJWT('session', aud, ttl, keyPair, iat)
const message = (jwt: string | undefined, now?: number) => {
  try {
    verifyRelayAuth({ jwt, audiences, ...(now === undefined ? {} : { now }) })
  } catch (error) {
    return (error as Error).message
  }
  return 'accepted'
}

test('accepts the JWT a WalletConnect client signs and returns its did:key', async () => {
  const { clientId, expiresAt } = verifyRelayAuth({ jwt: await sign(), audiences })
  expect(clientId).toBe(encodeIss(keyPair.publicKey))
  expect(clientId).toMatch(/^did:key:z6Mk/)
  expect(expiresAt).toBeGreaterThan(Date.now() + 86_000_000)
})

test('refuses missing, malformed, expired and forged JWTs', async () => {
  const jwt = await sign()
  const [header, payload, signature] = jwt.split('.') as [string, string, string]
  const forged = `${header}.${payload}.${signature.slice(0, -4)}AAAA`
  expect(message(undefined)).toMatchInlineSnapshot(`"Missing "auth" query parameter."`)
  expect(message('abc')).toMatchInlineSnapshot(`"Auth is not a JWT with three parts."`)
  expect(message(`${payload}.${payload}.${signature}`)).toMatchInlineSnapshot(
    `"Auth JWT header must be {"alg":"EdDSA","typ":"JWT"}."`,
  )
  expect(message(await sign(10, 1_000))).toMatchInlineSnapshot(`"Auth JWT expired at "1010"."`)
  expect(message(forged)).toMatch(/^Auth JWT signature does not match "did:key:z6Mk/)
  expect(message(`${header}.${'a'.repeat(3000)}.${signature}`)).toMatchInlineSnapshot(
    `"Auth JWT is longer than 2048 characters."`,
  )
})

test('refuses a JWT signed for another relay (aud)', async () => {
  expect(
    message(await sign(86_400, undefined, 'wss://relay.walletconnect.org')),
  ).toMatchInlineSnapshot(
    `"Auth JWT is for another relay ("aud" is "wss://relay.walletconnect.org")."`,
  )
  expect(message(await sign(86_400, undefined, 'ws://127.0.0.1:4999'))).toMatch(/another relay/)
  // The same URL with a trailing slash names the same relay.
  expect(message(await sign(86_400, undefined, `${relayUrl}/`))).toBe('accepted')
})

test('checks the lifetime: iat in the future, exp past, or longer than a day', async () => {
  const now = 1_800_000_000_000
  const seconds = now / 1000
  // Within the 60 s skew either way: accepted.
  expect(message(await sign(86_400, seconds + 50), now)).toBe('accepted')
  expect(message(await sign(100, seconds - 150), now)).toBe('accepted')
  expect(message(await sign(86_400, seconds + 120), now)).toMatchInlineSnapshot(
    `"Auth JWT is not yet valid ("iat" is "1800000120")."`,
  )
  expect(message(await sign(100, seconds - 200), now)).toMatchInlineSnapshot(
    `"Auth JWT expired at "1799999900"."`,
  )
  expect(message(await sign(30 * 86_400, seconds), now)).toMatchInlineSnapshot(
    `"Auth JWT lifetime must be at most 86400 s, got "2592000"."`,
  )
})
