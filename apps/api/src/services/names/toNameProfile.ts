import { type NameProfile, toNameCoinType } from '@latch/api-contract'
import type { NameRecord } from '../../stores/nameStore.ts'

/**
 * The DTO of a stored name. An EOA's name: its address under coin type 60 (every EVM chain)
 * and under its own coin type. A contract account's: only under the coin types of the chains
 * it was registered for, since the same address on another chain may be someone else's.
 */
export function toNameProfile(record: NameRecord): NameProfile {
  const entry = { address: record.address }
  const coinTypes =
    record.chainIds === null
      ? ['60', String(record.coinType)]
      : record.chainIds.map((chainId) => String(toNameCoinType(chainId)))
  return {
    name: record.name,
    addresses: Object.fromEntries(coinTypes.map((coinType) => [coinType, entry])),
    attributes: record.attributes,
    created_at: record.createdAt.toISOString(),
  }
}
