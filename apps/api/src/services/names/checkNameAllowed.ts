import { type Address, isAddressEqual } from 'viem'
import {
  ConfusableNameError,
  NameLimitError,
  PunycodeNameError,
  ReservedNameError,
} from '../../errors/names.ts'
import type { NameStore } from '../../stores/nameStore.ts'
import { getNameSkeleton } from './getNameSkeleton.ts'
import type { ReservedNameLabels } from './getReservedNameLabels.ts'
import { isRefusedNameLabel } from './isRefusedNameLabel.ts'

export type CheckNameAllowedParameters = {
  /** The full name in lower case. */
  name: string
  /** Its label in lower case. */
  label: string
  address: Address
}

/**
 * Refuses a new name that could be used against people: an IDNA-style label (`xn--`), a
 * reserved label or one holding a brand, a look-alike of another address's name (by
 * skeleton), or one more name than `namesPerAddress` for the address.
 */
export async function checkNameAllowed(
  {
    names,
    reserved,
    namesPerAddress,
  }: { names: NameStore; reserved: ReservedNameLabels; namesPerAddress: number },
  { name, label, address }: CheckNameAllowedParameters,
): Promise<void> {
  const refused = isRefusedNameLabel(label, reserved)
  if (refused === 'idna') throw new PunycodeNameError({ name })
  if (refused === 'reserved') throw new ReservedNameError({ name })
  const [lookalike] = (await names.findBySkeleton(getNameSkeleton(name))).filter(
    (record) => record.name !== name && !isAddressEqual(record.address, address),
  )
  if (lookalike) throw new ConfusableNameError({ name, like: lookalike.name })
  const held = await names.listByAddress(address, { limit: namesPerAddress })
  if (held.length >= namesPerAddress) throw new NameLimitError({ address, max: namesPerAddress })
}
