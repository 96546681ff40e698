import type { IdentityResponse } from '@latch/api-contract'
import type { Address } from 'viem'

/**
 * Where an address's name and avatar come from: `createNameResolver` (the registered names)
 * when the API has a database, `nullNameResolver` otherwise.
 */
export type NameResolver = {
  /** The address's name and avatar, or null when it has none. */
  resolve(parameters: {
    address: Address
    sender?: Address | undefined
  }): Promise<IdentityResponse | null>
}

/** Knows no names: every address answers `{ name: null, avatar: null }` (no database). */
export const nullNameResolver: NameResolver = {
  resolve: async () => null,
}
