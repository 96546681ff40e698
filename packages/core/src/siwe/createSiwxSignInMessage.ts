import { createSiwxMessage } from '@latch/api-contract'
import { getSignInStatement, signInExpiryMs } from './getSignInStatement.ts'

export type CreateSiwxSignInMessageParameters = {
  /** The connected account's address (Bitcoin: the payment address). */
  address: string
  /** CAIP-2 id of the connected Solana or Bitcoin network. */
  caipNetworkId: string
  /** The API's one-time nonce (`getSiweNonce`). */
  nonce: string
  /** The page's host, `location.host`. */
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

/**
 * The sign-in message of a Solana or Bitcoin account (CAIP-122, "... wants you to sign in with
 * your Solana account:"), with the same fields as the EVM one: the page's host and origin,
 * "Sign in to {appName}.", the network, the API's nonce, issued now and expiring 24 h later.
 */
export function createSiwxSignInMessage(parameters: CreateSiwxSignInMessageParameters): string {
  const issuedAt = parameters.issuedAt ?? new Date()
  return createSiwxMessage({
    domain: parameters.domain,
    address: parameters.address,
    statement: getSignInStatement(parameters.appName),
    uri: parameters.uri,
    chainId: parameters.caipNetworkId,
    nonce: parameters.nonce,
    issuedAt,
    expirationTime: new Date(issuedAt.getTime() + (parameters.expiresInMs ?? signInExpiryMs)),
  })
}
