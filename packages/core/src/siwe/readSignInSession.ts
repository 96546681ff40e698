import type { SignInSession } from '@latch/api-contract'
import { isObject } from '../utils/requestApi.ts'

/**
 * A session from an API answer, checked by hand (zod stays out of the page's chunks). Its
 * `chainId` is the EIP-155 number of an EVM session, the CAIP-2 id (`solana:...`,
 * `bip122:...`) of a Solana or Bitcoin one.
 */
export function readSignInSession(value: unknown): SignInSession | undefined {
  if (!isObject(value)) return undefined
  const { id, address, chainId, caipNetworkId, domain, issuedAt, expiresAt } = value
  if (
    typeof id !== 'string' ||
    !id ||
    typeof address !== 'string' ||
    !(
      (typeof chainId === 'number' && Number.isInteger(chainId)) ||
      (typeof chainId === 'string' && /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/.test(chainId))
    ) ||
    (caipNetworkId !== undefined && typeof caipNetworkId !== 'string') ||
    typeof domain !== 'string' ||
    typeof issuedAt !== 'string' ||
    typeof expiresAt !== 'string'
  )
    return undefined
  return {
    id,
    address,
    chainId,
    ...(caipNetworkId === undefined ? {} : { caipNetworkId }),
    domain,
    issuedAt,
    expiresAt,
  }
}
