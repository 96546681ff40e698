import type { SignInSession } from '@latch/api-contract'
import { isObject } from '../utils/requestApi.ts'

/** A session from an API answer, checked by hand (zod stays out of the page's chunks). */
export function readSignInSession(value: unknown): SignInSession | undefined {
  if (!isObject(value)) return undefined
  const { id, address, chainId, domain, issuedAt, expiresAt } = value
  if (
    typeof id !== 'string' ||
    !id ||
    typeof address !== 'string' ||
    typeof chainId !== 'number' ||
    typeof domain !== 'string' ||
    typeof issuedAt !== 'string' ||
    typeof expiresAt !== 'string'
  )
    return undefined
  return { id, address, chainId, domain, issuedAt, expiresAt }
}
