import { type KeyObject, verify } from 'node:crypto'

export type VerifyCdpJwtParameters = {
  /** The `Authorization` header. */
  authorization: string | undefined
  keyName: string
  publicKey: KeyObject
  /** What the token must be for: `METHOD host/path`. */
  uri: string
  /** Seconds since the epoch. */
  now?: number | undefined
}

/**
 * Checks a CDP bearer token the way Coinbase's API would: an EdDSA JWT by the sandbox's key,
 * naming its key, for this very request (`uri`), within its validity. Answers the reason it
 * is refused, or undefined when it is good.
 */
export function verifyCdpJwt({
  authorization,
  keyName,
  publicKey,
  uri,
  now = Math.floor(Date.now() / 1000),
}: VerifyCdpJwtParameters): string | undefined {
  const token = /^Bearer ([\w-]+\.[\w-]+\.[\w-]+)$/.exec(authorization ?? '')?.[1]
  if (!token) return 'A bearer JWT is required.'
  const [head = '', body = '', signature = ''] = token.split('.')
  let header: { alg?: unknown; kid?: unknown }
  let claims: { sub?: unknown; iss?: unknown; uri?: unknown; nbf?: unknown; exp?: unknown }
  try {
    header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8'))
    claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'))
  } catch {
    return 'The JWT is malformed.'
  }
  if (header.alg !== 'EdDSA' || header.kid !== keyName || claims.sub !== keyName)
    return 'The JWT names another key.'
  if (!verify(null, Buffer.from(`${head}.${body}`), publicKey, Buffer.from(signature, 'base64url')))
    return 'The JWT signature is invalid.'
  if (claims.iss !== 'cdp') return 'The JWT issuer is not cdp.'
  if (claims.uri !== uri) return 'The JWT is for another request.'
  if (typeof claims.nbf !== 'number' || typeof claims.exp !== 'number')
    return 'The JWT has no validity.'
  if (claims.nbf > now + 30 || claims.exp < now) return 'The JWT has expired.'
  return undefined
}
