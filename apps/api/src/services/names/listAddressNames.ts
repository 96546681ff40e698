import type { NameProfile } from '@latch/api-contract'
import type { Address } from 'viem'
import type { NameStore } from '../../stores/nameStore.ts'
import { toNameProfile } from './toNameProfile.ts'

/** The most names the reverse lookup answers for one address. */
export const maxAddressNames = 100

/** An address's names, newest first (its identity name is the first); `[]` when none. */
export async function listAddressNames(
  { names }: { names: NameStore },
  { address }: { address: Address },
): Promise<NameProfile[]> {
  const records = await names.listByAddress(address, { limit: maxAddressNames })
  return records.map(toNameProfile)
}
