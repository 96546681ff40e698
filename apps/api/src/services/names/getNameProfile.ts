import type { NameProfile } from '@latch/api-contract'
import { NameNotFoundError } from '../../errors/names.ts'
import type { NameStore } from '../../stores/nameStore.ts'
import { toNameProfile } from './toNameProfile.ts'

/** A registered name's profile (any case asked), or a 404 `Name "x" not found.` */
export async function getNameProfile(
  { names }: { names: NameStore },
  { name }: { name: string },
): Promise<NameProfile> {
  const record = await names.get(name)
  if (!record) throw new NameNotFoundError({ name: name.toLowerCase() })
  return toNameProfile(record)
}
