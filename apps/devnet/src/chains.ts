/**
 * The three devnet chains. Their ids are used by no public network (31337 is the local-node
 * convention; 31339 and 31340 are unassigned in the public chain registry), so a real wallet
 * can never sign a devnet transaction for a real chain.
 */
export const devnetChains = [
  { id: 31337, name: 'Latch Devnet' },
  { id: 31339, name: 'Latch Devnet Alpha' },
  { id: 31340, name: 'Latch Devnet Beta' },
] as const

export type DevnetChainId = (typeof devnetChains)[number]['id']

/** Chain ids of public networks that a devnet must never reuse. */
export const publicChainIds: readonly number[] = [
  1, 10, 56, 100, 137, 250, 324, 8217, 8453, 42161, 43114, 11155111, 84532, 5, 84531, 1313161554,
]
