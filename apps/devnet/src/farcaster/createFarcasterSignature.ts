import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createSiweMessage } from 'viem/siwe'
import type { FarcasterTestUser } from './farcasterTestUsers.ts'

/** What a Farcaster client reads from a Sign In With Farcaster link (or the relay's channel). */
export type FarcasterSignInRequest = {
  domain: string
  siweUri: string
  nonce: string
  notBefore?: string | undefined
  expirationTime?: string | undefined
  requestId?: string | undefined
}

/** Farcaster's chain (OP Mainnet): Sign In With Farcaster messages always name it. */
export const farcasterSiweChainId = 10

/**
 * Builds and signs the EIP-4361 message a Farcaster client signs for Sign In With Farcaster
 * (FIP-11): statement 'Farcaster Auth', chain id 10, the FID as a `farcaster://fid/<fid>`
 * resource, signed by the FID's custody key. Shared by the relay's test client page and by
 * `signInWithFarcaster` (e2e).
 */
export async function createFarcasterSignature(
  request: FarcasterSignInRequest,
  user: Pick<FarcasterTestUser, 'fid' | 'privateKey'>,
  now: Date = new Date(),
): Promise<{ message: string; signature: Hex }> {
  const account = privateKeyToAccount(user.privateKey)
  const message = createSiweMessage({
    domain: request.domain,
    address: account.address,
    statement: 'Farcaster Auth',
    uri: request.siweUri,
    version: '1',
    chainId: farcasterSiweChainId,
    nonce: request.nonce,
    issuedAt: now,
    ...(request.notBefore ? { notBefore: new Date(request.notBefore) } : {}),
    ...(request.expirationTime ? { expirationTime: new Date(request.expirationTime) } : {}),
    ...(request.requestId ? { requestId: request.requestId } : {}),
    resources: [`farcaster://fid/${user.fid}`],
  })
  return { message, signature: await account.signMessage({ message }) }
}
