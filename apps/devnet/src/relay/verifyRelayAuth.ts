import { createPublicKey, verify } from 'node:crypto'
import { RelayAuthError } from './errors.ts'

export type VerifyRelayAuthParameters = {
  /** The `auth` query parameter of the socket URL. */
  jwt: string | null | undefined
  /**
   * The relay URLs a client may name as `aud`: the SDKs sign the `relayUrl` they were given, so
   * a JWT made for another relay (or replayed from one) is refused.
   */
  audiences: readonly string[]
  /** Current time in milliseconds. */
  now?: number
  /** Clock difference tolerated on `iat` and `exp`; 60 s by default. */
  skewMs?: number
  /** Longest `exp - iat` accepted; one day by default, what the 2.25 SDKs sign. */
  maxLifetimeSeconds?: number
}

export type VerifyRelayAuthReturnType = {
  /** The JWT's `iss`: the client's `did:key`, stable across its sockets. */
  clientId: string
  /** When the JWT stops being valid, in milliseconds. */
  expiresAt: number
}

export type VerifyRelayAuthErrorType = RelayAuthError

/** An SDK's JWT is ~400 characters; anything far longer is not one. */
const maxJwtLength = 2048
const base58Alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
/** Multicodec prefix of an Ed25519 public key (`0xed01`). */
const ed25519Prefix = [0xed, 0x01] as const

/**
 * Checks the JWT a WalletConnect client signs for the relay (EdDSA, `iss` a `did:key`) and
 * returns the `iss`, which the relay uses as the client's identity.
 */
export function verifyRelayAuth({
  jwt,
  audiences,
  now = Date.now(),
  skewMs = 60_000,
  maxLifetimeSeconds = 86_400,
}: VerifyRelayAuthParameters): VerifyRelayAuthReturnType {
  if (!jwt) throw new RelayAuthError('Missing "auth" query parameter.')
  if (jwt.length > maxJwtLength)
    throw new RelayAuthError(`Auth JWT is longer than ${maxJwtLength} characters.`)
  const parts = jwt.split('.')
  const [encodedHeader, encodedPayload, encodedSignature] = parts
  if (parts.length !== 3 || !encodedHeader || !encodedPayload || !encodedSignature)
    throw new RelayAuthError('Auth is not a JWT with three parts.')

  const header = decodeSegment(encodedHeader)
  if (header?.alg !== 'EdDSA' || header.typ !== 'JWT')
    throw new RelayAuthError('Auth JWT header must be {"alg":"EdDSA","typ":"JWT"}.')

  const payload = decodeSegment(encodedPayload)
  const iss = payload?.iss
  const exp = payload?.exp
  const iat = payload?.iat
  const aud = payload?.aud
  if (
    typeof iss !== 'string' ||
    typeof aud !== 'string' ||
    !Number.isFinite(exp) ||
    !Number.isFinite(iat)
  )
    throw new RelayAuthError('Auth JWT payload must carry "iss", "aud", "iat" and "exp".')
  const issuedAt = iat as number
  const expiresAt = exp as number
  if (!audiences.some((audience) => normalizeAudience(audience) === normalizeAudience(aud)))
    throw new RelayAuthError(`Auth JWT is for another relay ("aud" is "${aud.slice(0, 100)}").`)
  if (expiresAt * 1000 + skewMs <= now)
    throw new RelayAuthError(`Auth JWT expired at "${expiresAt}".`)
  if (issuedAt * 1000 - skewMs > now)
    throw new RelayAuthError(`Auth JWT is not yet valid ("iat" is "${issuedAt}").`)
  if (expiresAt <= issuedAt || expiresAt - issuedAt > maxLifetimeSeconds)
    throw new RelayAuthError(
      `Auth JWT lifetime must be at most ${maxLifetimeSeconds} s, got "${expiresAt - issuedAt}".`,
    )

  const publicKey = decodeDidKey(iss)
  const signed = verify(
    null,
    Buffer.from(`${encodedHeader}.${encodedPayload}`, 'utf8'),
    createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: publicKey.toString('base64url') },
      format: 'jwk',
    }),
    Buffer.from(encodedSignature, 'base64url'),
  )
  if (!signed) throw new RelayAuthError(`Auth JWT signature does not match "${iss}".`)

  return { clientId: iss, expiresAt: expiresAt * 1000 }
}

/** `ws://127.0.0.1:4172/` and `ws://127.0.0.1:4172` name the same relay. */
function normalizeAudience(url: string): string {
  return url.replace(/\/+$/, '').toLowerCase()
}

function decodeSegment(segment: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(segment, 'base64url').toString('utf8'))
    return typeof value === 'object' && value !== null
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}

/** `did:key:z<base58btc(0xed01 ++ key)>` to the 32-byte Ed25519 key. */
function decodeDidKey(did: string): Buffer {
  const prefix = 'did:key:z'
  const bytes = did.startsWith(prefix) ? decodeBase58(did.slice(prefix.length)) : undefined
  if (
    !bytes ||
    bytes.length !== ed25519Prefix.length + 32 ||
    bytes[0] !== ed25519Prefix[0] ||
    bytes[1] !== ed25519Prefix[1]
  )
    throw new RelayAuthError(`Auth JWT "iss" must be an Ed25519 did:key, got "${did}".`)
  return bytes.subarray(ed25519Prefix.length)
}

function decodeBase58(text: string): Buffer | undefined {
  let value = 0n
  for (const char of text) {
    const digit = base58Alphabet.indexOf(char)
    if (digit < 0) return undefined
    value = value * 58n + BigInt(digit)
  }
  const hex = value === 0n ? '' : value.toString(16)
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')
  // Each leading '1' encodes one leading zero byte.
  const zeros = text.length - text.replace(/^1+/, '').length
  return Buffer.concat([Buffer.alloc(zeros), body])
}
