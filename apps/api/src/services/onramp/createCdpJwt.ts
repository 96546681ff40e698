import { createPrivateKey, type KeyObject, randomBytes, sign } from 'node:crypto'

export type CreateCdpJwtParameters = {
  /** The CDP API key's name (its id): the JWT's `kid` and `sub`. */
  keyName: string
  /** The key's secret: Ed25519 as base64 (64 bytes: seed then public key, or the 32-byte seed), or an EC key in PEM. */
  keySecret: string
  method: 'GET' | 'POST'
  /** The request URL; its host and path are signed. */
  url: string
  /** Seconds since the epoch (tests fix it). */
  now?: number | undefined
}

/** PKCS#8 prefix of an Ed25519 private key (the 32-byte seed follows). */
const ed25519Pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex')

/** How long a token lives: the CDP's documented two minutes. */
const lifetimeSeconds = 120

/**
 * A CDP API bearer token (Coinbase Developer Platform's JWT): header `kid` and a random
 * `nonce`, claims `iss: cdp`, `sub` the key name, `uri` the signed "METHOD host/path", valid
 * for two minutes. EdDSA with an Ed25519 secret, ES256 with an EC one.
 */
export function createCdpJwt({ keyName, keySecret, method, url, now }: CreateCdpJwtParameters) {
  const key = readCdpKey(keySecret)
  const alg = key.asymmetricKeyType === 'ed25519' ? 'EdDSA' : 'ES256'
  const issuedAt = now ?? Math.floor(Date.now() / 1000)
  const { host, pathname } = new URL(url)
  const header = { alg, kid: keyName, typ: 'JWT', nonce: randomBytes(16).toString('hex') }
  const payload = {
    iss: 'cdp',
    sub: keyName,
    nbf: issuedAt,
    exp: issuedAt + lifetimeSeconds,
    uri: `${method} ${host}${pathname}`,
  }
  const signingInput = `${base64Url(JSON.stringify(header))}.${base64Url(JSON.stringify(payload))}`
  const signature =
    alg === 'EdDSA'
      ? sign(null, Buffer.from(signingInput), key)
      : sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' })
  return `${signingInput}.${signature.toString('base64url')}`
}

/** The secret as a private key object; a malformed one throws (checked at startup). */
export function readCdpKey(secret: string): KeyObject {
  const text = secret.trim().replace(/\\n/g, '\n')
  if (text.startsWith('-----BEGIN')) return createPrivateKey(text)
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length !== 64 && bytes.length !== 32)
    throw new Error('A CDP Ed25519 secret is 64 (or 32) bytes of base64.')
  return createPrivateKey({
    key: Buffer.concat([ed25519Pkcs8Prefix, bytes.subarray(0, 32)]),
    format: 'der',
    type: 'pkcs8',
  })
}

function base64Url(text: string): string {
  return Buffer.from(text).toString('base64url')
}
