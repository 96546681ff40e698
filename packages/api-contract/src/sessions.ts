import { z } from 'zod'

export { revokeSessionMessage } from './sessionRules.ts'

/**
 * A wallet's signature: 0x hex (EVM `personal_sign`; also accepted for Solana), base58 (a
 * Solana ed25519 signature) or base64 (a Bitcoin BIP-322 or legacy message signature). The
 * server checks the form the signing account's namespace uses.
 */
const walletSignature = z
  .string()
  .max(8194, 'signature is longer than 4096 bytes.')
  .regex(
    /^(?:0x(?:[0-9a-fA-F]{2})+|[A-Za-z0-9+/]+={0,2})$/,
    'signature must be 0x hex (EVM), base58 (Solana) or base64 (Bitcoin).',
  )

/**
 * Body of `POST /v1/auth/nonce`: nothing but the project id, which may also come in the query
 * or the `X-Project-Id` header. Answers `nonceResponseSchema`.
 */
export const nonceBodySchema = z.object({ projectId: z.string().min(1).optional() })

/**
 * A fresh sign-in nonce for the project: put it in the EIP-4361 message's `Nonce:` line. It is
 * single use and expires after 10 minutes (`signInNonceTtlMs`).
 */
export const nonceResponseSchema = z.object({ nonce: z.string().min(1) })
export type NonceResponse = z.infer<typeof nonceResponseSchema>

/** How long a sign-in nonce can be used, in ms. */
export const signInNonceTtlMs = 10 * 60 * 1000

/** How long a session lasts when the signed message has no `Expiration Time`, in ms. */
export const defaultSessionTtlMs = 7 * 24 * 60 * 60 * 1000

/**
 * Body of `POST /v1/sessions` (sign in with the wallet): an EIP-4361 message (LF line endings,
 * as `createSiweMessage` from `viem/siwe` writes it) for the page's domain and origin, one of
 * the API's chains and a nonce from `POST /v1/auth/nonce`, and the address's EIP-191
 * (`personal_sign`) signature of it. The request must carry the page's `Origin`.
 *
 * A Solana or Bitcoin account signs a CAIP-122 message instead: the same lines with
 * "... sign in with your Solana account:" (or "Bitcoin account:"), its address, and
 * `Chain ID: solana:{ref}` (or `bip122:{ref}`); the signature is ed25519 over the message's
 * UTF-8 bytes (base58 or 0x hex) for Solana, BIP-322 (simple or full) or a legacy signed
 * message (base64) for Bitcoin.
 */
export const createSessionBodySchema = z.object({
  projectId: z.string().min(1).optional(),
  message: z
    .string()
    .min(1, 'message is required.')
    .max(8192, 'message is longer than 8192 characters.'),
  signature: walletSignature,
})
export type CreateSessionBody = z.infer<typeof createSessionBodySchema>

/** A sign-in session: what the API answers about it (never the message or the signature). */
export const signInSessionSchema = z.object({
  /** The session id: the `pci` to revoke it with. */
  id: z.string(),
  /** The signing address: EIP-55 checksummed (EVM), base58 (Solana) or as signed (Bitcoin). */
  address: z.string(),
  /** The EIP-155 chain id of the signed message; for Solana and Bitcoin its CAIP-2 id. */
  chainId: z.union([z.number().int(), z.string()]),
  /** CAIP-2 id of the signed message's chain (`eip155:1`, `solana:...`, `bip122:...`). */
  caipNetworkId: z
    .string()
    .optional()
    .describe("CAIP-2 id of the signed message's chain (always sent by this API)."),
  /** The domain the message was signed for (the page's host). */
  domain: z.string(),
  /** ISO 8601: the message's `Issued At`. */
  issuedAt: z.string(),
  /** ISO 8601: the message's `Expiration Time`, or 7 days after sign-in without one. */
  expiresAt: z.string(),
})
export type SignInSession = z.infer<typeof signInSessionSchema>

/** Answer of `POST /v1/sessions`: the new session. */
export const createSessionResponseSchema = z.object({ session: signInSessionSchema })
export type CreateSessionResponse = z.infer<typeof createSessionResponseSchema>

/**
 * Answer of `GET /v1/sessions/{address}` (spec section 7): the address's active sessions (not
 * revoked, not expired) for the project, newest first.
 */
export const sessionsResponseSchema = z.object({ sessions: z.array(signInSessionSchema) })
export type SessionsResponse = z.infer<typeof sessionsResponseSchema>

/**
 * Body of `POST /v1/sessions/{address}/revoke` (spec section 7: pci, signature): `pci` is the
 * session id; `signature` is the address's EIP-191 (`personal_sign`) signature of
 * `revokeSessionMessage(pci)`, i.e. the exact text `Revoke Latch session {pci}` (a Solana or
 * Bitcoin account signs that text as it signed in; its `{address}` is the CAIP-10 account).
 */
export const revokeSessionBodySchema = z.object({
  projectId: z.string().min(1).optional(),
  pci: z.string().min(1, 'pci is required.').max(128, 'pci is longer than 128 characters.'),
  signature: walletSignature,
})
export type RevokeSessionBody = z.infer<typeof revokeSessionBodySchema>

/** Answer of `POST /v1/sessions/{address}/revoke`; revoking a revoked session answers it too. */
export const revokeSessionResponseSchema = z.object({ revoked: z.literal(true) })
export type RevokeSessionResponse = z.infer<typeof revokeSessionResponseSchema>

/** Server texts of sign-in failures that clients may want to recognise. */
export const sessionMessages = {
  originRequired: 'A sign-in needs the page origin.',
  messageAlreadyUsed: 'This sign-in message was already used.',
} as const
