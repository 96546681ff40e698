import type { ApiNetwork } from '../../network.ts'

/** The swap networks of spec section 9. */
export const specSwapChainIds: readonly number[] = [
  1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554,
]

/**
 * The chains that offer swaps: LATCH_SWAP_CHAINS when set, else the spec's swap networks,
 * either way only those the API serves, plus the devnet's chains (`devnetChainIds`).
 */
export function listSwapChainIds({
  networks,
  configured,
  devnetChainIds = [],
}: {
  networks: readonly ApiNetwork[]
  configured?: readonly number[] | undefined
  devnetChainIds?: readonly number[] | undefined
}): Set<number> {
  const served = new Set(networks.map((network) => network.id))
  const wanted = [...(configured ?? specSwapChainIds), ...devnetChainIds]
  return new Set(wanted.filter((chainId) => served.has(chainId)))
}
