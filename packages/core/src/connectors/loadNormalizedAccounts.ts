/**
 * `normalizeAccounts` loaded on first use: EIP-55 checksums need keccak256 (viem and
 * @noble/hashes, ~5 KB gzip), which the page need not load before a wallet answers. Calls
 * resolve in the order they were made, so account events keep their order.
 */
export async function loadNormalizedAccounts(value: unknown): Promise<string[]> {
  const { normalizeAccounts } = await import('./normalizeAccounts.ts')
  return normalizeAccounts(value)
}
