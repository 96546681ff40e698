import type { Address } from 'viem'

/**
 * Whether two addresses are the same, case aside. For addresses already checked (parsed from a
 * request, read from configuration or from a contract): viem's `isAddressEqual` checks both
 * again on every call, a tenth of a swap quote's CPU time.
 */
export function sameAddress(a: Address, b: Address): boolean {
  return a === b || a.toLowerCase() === b.toLowerCase()
}
