import type { IdentityResponse } from '@latch/api-contract'
import type { Address } from 'viem'

/**
 * Where an address's name and avatar come from. Names arrive with the next issue (ENS-style
 * reverse resolution); until then `nullNameResolver` knows none.
 */
export type NameResolver = {
  /** The address's name and avatar, or null when it has none. */
  resolve(parameters: {
    address: Address
    sender?: Address | undefined
  }): Promise<IdentityResponse | null>
}

/** Knows no names: every address answers `{ name: null, avatar: null }`. */
export const nullNameResolver: NameResolver = {
  resolve: async () => null,
}
