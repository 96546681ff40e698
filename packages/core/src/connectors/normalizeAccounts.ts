import { getAddress, isAddress } from 'viem/utils'

/** EIP-55 checksums the EVM addresses a wallet returned and drops anything else. */
export function normalizeAccounts(value: unknown): string[] {
  if (!Array.isArray(value)) return []
  return value
    .filter((account): account is string => typeof account === 'string')
    .filter((account) => isAddress(account, { strict: false }))
    .map((account) => getAddress(account))
}
