import { encodeIss, generateKeyPair, signJWT } from '@walletconnect/relay-auth'
import { expect, test } from 'vitest'
import { verifyRelayAuth } from './verifyRelayAuth.ts'

const keyPair = generateKeyPair(new Uint8Array(32).fill(7))
const sign = (ttl = 86_400, iat?: number) =>
  signJWT('session', 'ws://127.0.0.1:4172', ttl, keyPair, iat)

test('accepts the JWT a WalletConnect client signs and returns its did:key', async () => {
  const { clientId } = verifyRelayAuth({ jwt: await sign() })
  expect(clientId).toBe(encodeIss(keyPair.publicKey))
  expect(clientId).toMatch(/^did:key:z6Mk/)
})

test('refuses missing, malformed, expired and forged JWTs', async () => {
  const jwt = await sign()
  const [header, payload, signature] = jwt.split('.') as [string, string, string]
  const forged = `${header}.${payload}.${signature.slice(0, -4)}AAAA`
  const message = (value: string | undefined) => {
    try {
      verifyRelayAuth({ jwt: value })
    } catch (error) {
      return (error as Error).message
    }
  }
  expect(message(undefined)).toMatchInlineSnapshot(`"Missing "auth" query parameter."`)
  expect(message('abc')).toMatchInlineSnapshot(`"Auth is not a JWT with three parts."`)
  expect(message(`${payload}.${payload}.${signature}`)).toMatchInlineSnapshot(
    `"Auth JWT header must be {"alg":"EdDSA","typ":"JWT"}."`,
  )
  expect(message(await sign(10, 1_000))).toMatchInlineSnapshot(`"Auth JWT expired at "1010"."`)
  expect(message(forged)).toMatch(/^Auth JWT signature does not match "did:key:z6Mk/)
})
