import { isValidNameLabel, type NameSuggestionsResponse } from '@latch/api-contract'
import { InvalidNameLabelError } from '../../errors/names.ts'
import type { NameStore } from '../../stores/nameStore.ts'
import { getNameLabel } from './getNameLabel.ts'
import type { ReservedNameLabels } from './getReservedNameLabels.ts'
import { isRefusedNameLabel } from './isRefusedNameLabel.ts'

/** What is added to the asked label to suggest other names, in the order they are offered. */
export const nameVariations = [
  '1',
  '2',
  '3',
  '01',
  '123',
  '-app',
  '-eth',
  '-id',
  '-xyz',
  '-wallet',
] as const

export type SuggestNamesParameters = {
  /** What the user typed: a label (`alice`) or a full name (`alice.latch.id`), any case. */
  name: string
  /** Also list names that are taken, flagged `registered: true`. */
  includeRegistered?: boolean | undefined
}

/**
 * Names to offer for what the user typed: the name itself when it is valid and free, then
 * variations (`alice1`, `alice-app`, ...), free ones only unless `includeRegistered`.
 * Characters a label cannot hold are dropped first, so `Alice_B` suggests `aliceb...`; reserved
 * and `xn--` labels are never offered.
 */
export async function suggestNames(
  {
    names,
    suffix,
    reserved,
  }: { names: NameStore; suffix: string; reserved?: ReservedNameLabels | undefined },
  { name, includeRegistered = false }: SuggestNamesParameters,
): Promise<NameSuggestionsResponse> {
  const typed = name.trim().toLowerCase()
  const base = (getNameLabel(typed, suffix) ?? typed)
    .replace(/[^a-z0-9-]/g, '')
    .replace(/^-+|-+$/g, '')
  if (base.length === 0 || typed.length > 255) throw new InvalidNameLabelError({ label: name })

  const labels = [base, ...nameVariations.map((variation) => fit(base, variation))].filter(
    (label, index, all) =>
      isValidNameLabel(label) &&
      all.indexOf(label) === index &&
      // Never offer what registering would refuse.
      (reserved === undefined || isRefusedNameLabel(label, reserved) === undefined),
  )
  const candidates = labels.map((label) => `${label}.${suffix}`)
  const registered = await names.findRegistered(candidates)
  const suggestions = candidates
    .map((candidate) => ({ name: candidate, registered: registered.has(candidate) }))
    .filter((suggestion) => includeRegistered || !suggestion.registered)
  return { suggestions }
}

/** `base + variation`, the base shortened so the label stays within 63 characters. */
function fit(base: string, variation: string): string {
  const room = 63 - variation.length
  return `${base.slice(0, room).replace(/-+$/, '')}${variation}`
}
