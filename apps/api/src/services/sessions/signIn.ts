import { randomUUID } from 'node:crypto'
import { defaultSessionTtlMs } from '@latch/api-contract'
import type { ChainClients } from '../../createChainClients.ts'
import type { BaseError } from '../../errors/base.ts'
import { ChainNotSupportedError, InvalidRequestError } from '../../errors/request.ts'
import {
  InvalidSignatureError,
  InvalidSignInMessageError,
  SessionTooLongError,
  SignInMessageTimeError,
  SignInMessageUsedError,
  SignInNonceExpiredError,
  SignInNonceUnknownError,
  SignInOriginMismatchError,
  SignInOriginRequiredError,
} from '../../errors/session.ts'
import type { ApiNetwork } from '../../network.ts'
import type { NonceState, SessionRecord, SessionStore } from '../../stores/sessions/sessionStore.ts'
import { parseBitcoinAddress } from '../bitcoin/parseBitcoinAddress.ts'
import {
  type NamespaceNetworks,
  noNamespaceNetworks,
  resolveCaipNetwork,
} from '../chains/resolveCaipNetwork.ts'
import { parseSolanaAddress } from '../solana/parseSolanaAddress.ts'
import { parseSignInMessage } from './parseSignInMessage.ts'
import { getSiwxNamespace, parseSiwxMessage } from './parseSiwxMessage.ts'
import { verifySignature } from './verifySignature.ts'
import { verifySiwxSignature } from './verifySiwxSignature.ts'

/** How far in the future `Issued At` may be: the signing device's clock may run ahead. */
export const issuedAtSkewMs = 5 * 60 * 1000

export type SignInDeps = {
  sessions: SessionStore
  networks: readonly ApiNetwork[]
  clients: ChainClients
  /** The Solana and Bitcoin networks whose accounts may sign in (CAIP-122); none by default. */
  namespaceNetworks?: NamespaceNetworks | undefined
  /** The clock the message's validity window is judged by (default the system clock). */
  now?: (() => Date) | undefined
  /**
   * The longest session in ms (LATCH_SESSION_MAX_HOURS; default 7 days): a message whose
   * Expiration Time is further away is refused (not clamped: the wallet showed that time);
   * one without lasts this long at most.
   */
  maxSessionMs?: number | undefined
}

export type SignInParameters = {
  projectId: string
  /** The `Origin` header of the request: the page that asked the wallet to sign. */
  origin: string | undefined
  /** The EIP-4361 message (or a Solana or Bitcoin CAIP-122 message), as signed. */
  message: string
  /** EVM: 0x hex; Solana: base58 or 0x hex (ed25519); Bitcoin: base64 (BIP-322 or legacy). */
  signature: string
}

/**
 * Signs in with a wallet (EIP-4361, or CAIP-122 for a Solana or Bitcoin account): checks that the message was written for the calling page
 * (domain, scheme and URI against its origin), for a served chain, within its validity window
 * and with a nonce handed out to this project, then that the address signed it (EOA, ERC-1271
 * or ERC-6492; ed25519 for Solana; BIP-322 or legacy for Bitcoin), and stores the session,
 * consuming the nonce in the same transaction.
 */
export async function signIn(
  deps: SignInDeps,
  { projectId, origin, message, signature }: SignInParameters,
): Promise<SessionRecord> {
  const page = parseOrigin(origin)
  const siwx = getSiwxNamespace(message)
  const fields = siwx ? parseSiwxMessage(message) : parseSignInMessage(message)

  if (fields.domain.toLowerCase() !== page.host)
    throw new SignInOriginMismatchError({
      field: 'domain',
      value: fields.domain,
      expected: page.host,
    })
  const pageScheme = page.protocol.slice(0, -1)
  if (fields.scheme !== undefined && fields.scheme.toLowerCase() !== pageScheme)
    throw new SignInOriginMismatchError({
      field: 'scheme',
      value: fields.scheme,
      expected: pageScheme,
    })
  const uriOrigin = URL.parse(fields.uri)?.origin
  if (uriOrigin === undefined)
    throw new InvalidSignInMessageError({ reason: 'its URI is not an absolute URI.' })
  if (uriOrigin !== page.origin)
    throw new SignInOriginMismatchError({ field: 'URI', value: fields.uri, expected: page.origin })
  let address: string = fields.address
  if (typeof fields.chainId === 'number') {
    if (!deps.networks.some((network) => network.id === fields.chainId))
      throw new ChainNotSupportedError({ chainId: fields.chainId })
  } else {
    // The chain must be served, and the address one of its (a mainnet address on regtest is refused).
    const network = resolveCaipNetwork(
      deps.namespaceNetworks ?? noNamespaceNetworks,
      fields.chainId,
    )
    address =
      network.namespace === 'solana'
        ? parseSolanaAddress(fields.address)
        : parseBitcoinAddress(fields.address, network)
  }

  const now = deps.now?.() ?? new Date()
  if (fields.issuedAt.getTime() > now.getTime() + issuedAtSkewMs)
    throw new SignInMessageTimeError({ problem: 'issuedInFuture', time: fields.issuedAt })
  if (fields.expirationTime && now >= fields.expirationTime)
    throw new SignInMessageTimeError({ problem: 'expired', time: fields.expirationTime })
  if (fields.notBefore && now < fields.notBefore)
    throw new SignInMessageTimeError({ problem: 'notYetValid', time: fields.notBefore })
  const maxSessionMs = deps.maxSessionMs ?? defaultSessionTtlMs
  if (fields.expirationTime && fields.expirationTime.getTime() - now.getTime() > maxSessionMs)
    throw new SessionTooLongError({
      time: fields.expirationTime,
      maxHours: Math.round(maxSessionMs / 3_600_000),
    })

  // Checked before the signature (a cheap read with a precise answer); consumed after it.
  const nonceState = await deps.sessions.getNonceState({ projectId, nonce: fields.nonce })
  if (nonceState !== 'usable') throw nonceError(nonceState)
  const signed =
    typeof fields.chainId === 'number'
      ? await verifySignature(deps, {
          chainId: fields.chainId,
          address: fields.address as `0x${string}`,
          message,
          signature: asHexSignature(signature),
        })
      : verifySiwxSignature({ namespace: siwx ?? 'solana', address, message, signature })
  if (!signed) throw new InvalidSignatureError({ address, what: 'sign-in message' })

  const result = await deps.sessions.create({
    id: randomUUID(),
    projectId,
    address,
    chainId: typeof fields.chainId === 'number' ? fields.chainId : null,
    caipNetworkId: typeof fields.chainId === 'number' ? `eip155:${fields.chainId}` : fields.chainId,
    domain: fields.domain,
    uri: fields.uri,
    nonce: fields.nonce,
    issuedAt: fields.issuedAt,
    expiresAt:
      fields.expirationTime ??
      new Date(now.getTime() + Math.min(defaultSessionTtlMs, maxSessionMs)),
    message,
    signature,
  })
  // Another sign-in with this nonce won the race since it was read.
  if (result.status !== 'created') throw nonceError(result.status)
  return result.session
}

/** The calling page's origin, which a sign-in cannot do without. */
function parseOrigin(origin: string | undefined): URL {
  const url = origin === undefined ? null : URL.parse(origin)
  // An opaque origin ("null": a sandboxed frame, a file) names no site to check against.
  if (!url || url.origin === 'null') throw new SignInOriginRequiredError()
  return url
}

/** Why a nonce that is not usable refuses the sign-in. */
function nonceError(state: Exclude<NonceState, 'usable'>): BaseError {
  if (state === 'used') return new SignInMessageUsedError()
  if (state === 'expired') return new SignInNonceExpiredError()
  return new SignInNonceUnknownError()
}

/** An EVM signature: 0x and hex bytes (as `personal_sign` answers). */
export function asHexSignature(signature: string): `0x${string}` {
  if (!/^0x(?:[0-9a-fA-F]{2})+$/.test(signature))
    throw new InvalidRequestError({ message: 'signature must be a 0x-prefixed hex string.' })
  return signature as `0x${string}`
}
