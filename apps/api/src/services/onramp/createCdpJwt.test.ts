import { generateKeyPairSync, verify } from 'node:crypto'
import { expect, test } from 'vitest'
import { createCdpJwt } from './createCdpJwt.ts'

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))

test('signs EdDSA with an Ed25519 secret as the CDP portal gives it (seed and public key, base64)', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  const seed = privateKey.export({ format: 'der', type: 'pkcs8' }).subarray(-32)
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  const token = createCdpJwt({
    keyName: 'organizations/o/apiKeys/k',
    keySecret: Buffer.concat([seed, raw]).toString('base64'),
    method: 'POST',
    url: 'https://api.developer.coinbase.com/onramp/v1/token?x=1',
    now: 1_800_000_000,
  })
  const [head = '', body = '', signature = ''] = token.split('.')
  expect(decode(head)).toMatchObject({ alg: 'EdDSA', kid: 'organizations/o/apiKeys/k', typ: 'JWT' })
  expect(decode(head).nonce).toMatch(/^[0-9a-f]{32}$/)
  expect(decode(body)).toEqual({
    iss: 'cdp',
    sub: 'organizations/o/apiKeys/k',
    nbf: 1_800_000_000,
    exp: 1_800_000_120,
    uri: 'POST api.developer.coinbase.com/onramp/v1/token',
  })
  expect(
    verify(null, Buffer.from(`${head}.${body}`), publicKey, Buffer.from(signature, 'base64url')),
  ).toBe(true)
})

test('signs ES256 (JOSE r||s) with an EC secret in PEM, escaped newlines included', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const pem = privateKey.export({ format: 'pem', type: 'sec1' }).toString().replace(/\n/g, '\\n')
  const token = createCdpJwt({
    keyName: 'k',
    keySecret: pem,
    method: 'GET',
    url: 'https://h.example/p',
  })
  const [head = '', body = '', signature = ''] = token.split('.')
  expect(decode(head).alg).toBe('ES256')
  expect(Buffer.from(signature, 'base64url')).toHaveLength(64)
  expect(
    verify(
      'sha256',
      Buffer.from(`${head}.${body}`),
      { key: publicKey, dsaEncoding: 'ieee-p1363' },
      Buffer.from(signature, 'base64url'),
    ),
  ).toBe(true)
})

test('a secret of the wrong size is refused', () => {
  expect(() =>
    createCdpJwt({ keyName: 'k', keySecret: 'c2hvcnQ=', method: 'GET', url: 'https://h.example/' }),
  ).toThrowErrorMatchingInlineSnapshot(
    `[Error: A CDP Ed25519 secret is 64 (or 32) bytes of base64.]`,
  )
})
