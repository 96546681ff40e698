import { type NameProfile, toNameCoinType } from '@latch/api-contract'
import type { NameRecord } from '../../stores/nameStore.ts'

/**
 * The DTO of a stored name. An EOA's name: its address under coin type 60 (every EVM chain)
 * and under its own coin type. A contract account's: only under the coin types of the chains
 * it was registered for, since the same address on another chain may be someone else's.
 * `attributes`, `registered_at` and `updated_at` are in the reference client's shape.
 */
export function toNameProfile(record: NameRecord): NameProfile {
  const registeredAt = record.createdAt.toISOString()
  const entry = { address: record.address, created: registeredAt }
  const coinTypes =
    record.chainIds === null
      ? ['60', String(record.coinType)]
      : record.chainIds.map((chainId) => String(toNameCoinType(chainId)))
  return {
    name: record.name,
    addresses: Object.fromEntries(coinTypes.map((coinType) => [coinType, entry])),
    attributes: Object.keys(record.attributes).length > 0 ? [record.attributes] : [],
    registered_at: registeredAt,
    updated_at: (record.updatedAt ?? record.createdAt).toISOString(),
    created_at: registeredAt,
  }
}
