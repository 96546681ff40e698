import type { IdentityResponse } from '@latch/api-contract'
import { identityCacheMs } from '@latch/core/timings'
import type { Address } from 'viem'
import type { CacheStore } from '../../stores/cacheStore.ts'
import type { NameResolver } from './nameResolver.ts'

/** How long an identity is reused (spec section 9: identity 5 min). */
export const identityCacheTtlMs = identityCacheMs

/** The shared-cache key of an address's identity; registering a name deletes it. */
export function getIdentityCacheKey(address: Address): string {
  return `identity:v1:${address.toLowerCase()}`
}

export type GetIdentityParameters = {
  address: Address
  /** The asking account, passed to the resolver. */
  sender?: Address | undefined
}
export type GetIdentityReturnType = IdentityResponse

/**
 * An address's name and avatar (`{ name: null, avatar: null }` when it has none), cached
 * 5 minutes in the shared cache: a miss is remembered as well as a hit.
 */
export async function getIdentity(
  { names, cache }: { names: NameResolver; cache: CacheStore },
  { address, sender }: GetIdentityParameters,
): Promise<GetIdentityReturnType> {
  const key = getIdentityCacheKey(address)
  const cached = await cache.get<IdentityResponse>(key)
  if (cached) return cached
  const resolved = await names.resolve({ address, sender })
  const identity: IdentityResponse = {
    name: resolved?.name ?? null,
    avatar: resolved?.avatar ?? null,
  }
  await cache.set(key, identity, identityCacheTtlMs)
  return identity
}
