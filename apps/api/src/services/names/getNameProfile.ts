import type { NameProfile } from '@latch/api-contract'
import { NameNotFoundError, NameNotOnChainError } from '../../errors/names.ts'
import type { NameStore } from '../../stores/nameStore.ts'
import { toNameProfile } from './toNameProfile.ts'

/**
 * A registered name's profile (any case asked), or a 404 `Name "x" not found.` With `chainId`,
 * a contract account's name registered for other chains is a 404 too: it has no address there.
 */
export async function getNameProfile(
  { names }: { names: NameStore },
  { name, chainId }: { name: string; chainId?: number | undefined },
): Promise<NameProfile> {
  const record = await names.get(name)
  if (!record) throw new NameNotFoundError({ name: name.toLowerCase() })
  if (chainId !== undefined && record.chainIds !== null && !record.chainIds.includes(chainId))
    throw new NameNotOnChainError({ name: record.name, chainId })
  return toNameProfile(record)
}
