import type { IdentityResponse } from '@latch/api-contract'
import { identityCacheMs } from '@latch/core/timings'
import type { Address } from 'viem'
import type { CacheStore } from '../../stores/cacheStore.ts'
import { readThrough } from '../../stores/readThrough.ts'
import type { NameResolver } from './nameResolver.ts'

/** How long an identity is reused (spec section 9: identity 5 min). */
export const identityCacheTtlMs = identityCacheMs

/** The shared-cache key of an address's identity; registering a name deletes it. */
export function getIdentityCacheKey(address: Address): string {
  return `identity:v1:${address.toLowerCase()}`
}

export type GetIdentityParameters = {
  address: Address
  /**
   * The asking account (the reference client sends the connected one). When it is `address`
   * itself, the cache is skipped and refreshed: an account sees its own new name or avatar at
   * once. Otherwise the answer is the same for everyone (it is public).
   */
  sender?: Address | undefined
}
export type GetIdentityReturnType = IdentityResponse

/**
 * An address's name and avatar (`{ name: null, avatar: null }` when it has none), cached
 * 5 minutes in the shared cache: a miss is remembered as well as a hit. An account asking
 * about itself (`sender` = `address`) reads fresh.
 */
export async function getIdentity(
  { names, cache }: { names: NameResolver; cache: CacheStore },
  { address, sender }: GetIdentityParameters,
): Promise<GetIdentityReturnType> {
  const key = getIdentityCacheKey(address)
  const asksAboutItself = sender !== undefined && sender.toLowerCase() === address.toLowerCase()
  const load = async (): Promise<IdentityResponse> => {
    const resolved = await names.resolve({ address, sender })
    return { name: resolved?.name ?? null, avatar: resolved?.avatar ?? null }
  }
  if (!asksAboutItself) return readThrough(cache, { key, ttlMs: identityCacheTtlMs, load })
  const identity = await load()
  await cache.set(key, identity, identityCacheTtlMs)
  return identity
}
