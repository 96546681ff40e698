import type { NameProfile } from '@latch/api-contract'
import type { NameRecord } from '../../stores/nameStore.ts'

/** The DTO of a stored name: its address under coin type 60 and under its own coin type. */
export function toNameProfile(record: NameRecord): NameProfile {
  const entry = { address: record.address }
  return {
    name: record.name,
    addresses: { '60': entry, [String(record.coinType)]: entry },
    attributes: record.attributes,
    created_at: record.createdAt.toISOString(),
  }
}
