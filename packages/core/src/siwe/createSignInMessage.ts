import { createSiweMessage, type SiweMessage } from 'viem/siwe'
import { getAddress } from 'viem/utils'
import { getSignInStatement, signInExpiryMs } from './getSignInStatement.ts'

export { signInExpiryMs } from './getSignInStatement.ts'

export type CreateSignInMessageParameters = {
  address: string
  chainId: number
  /** The API's one-time nonce (`getSiweNonce`). */
  nonce: string
  /** The page's host, `location.host` (EIP-4361 domain). */
  domain: string
  /** The page's origin, `location.origin`. */
  uri: string
  /** Named in the statement: "Sign in to {appName}." */
  appName: string
  /** Default now. */
  issuedAt?: Date | undefined
  /** Default `signInExpiryMs` (24 h) after `issuedAt`. */
  expiresInMs?: number | undefined
}

export type CreateSignInMessageReturnType = {
  /** The EIP-4361 text the wallet signs and the view shows. */
  message: string
  fields: SiweMessage
}

/**
 * Builds the sign-in-with-wallet message (EIP-4361, through viem's `createSiweMessage`):
 * version 1, the page's host and origin, "Sign in to {appName}.", the chain, the API's nonce,
 * issued now and expiring 24 h later.
 */
export function createSignInMessage(
  parameters: CreateSignInMessageParameters,
): CreateSignInMessageReturnType {
  const issuedAt = parameters.issuedAt ?? new Date()
  const fields: SiweMessage = {
    domain: parameters.domain,
    address: getAddress(parameters.address),
    statement: getSignInStatement(parameters.appName),
    uri: parameters.uri,
    version: '1',
    chainId: parameters.chainId,
    nonce: parameters.nonce,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + (parameters.expiresInMs ?? signInExpiryMs)),
  }
  return { message: createSiweMessage(fields), fields }
}
