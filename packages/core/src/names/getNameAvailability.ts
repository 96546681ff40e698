import { isValidNameLabel } from '@latch/api-contract'

/** Where a typed label stands, for the view. */
export type NameAvailability =
  | { status: 'empty' }
  /** Breaks spec section 5's rule (letters, digits, hyphens, at least 4). */
  | { status: 'invalid' }
  | { status: 'checking'; name: string }
  | { status: 'available'; name: string }
  | { status: 'taken'; name: string; suggestions: readonly string[] }
  | { status: 'error'; name: string }

export type GetNameAvailabilityParameters = {
  /** The label as typed (debounced). */
  label: string
  suffix: string
  /** The API's suggestions for `label` (taken ones included); undefined while they load. */
  suggestions: readonly { name: string; registered: boolean }[] | undefined
  failed: boolean
  /** At most this many other names are offered; default 4. */
  limit?: number | undefined
}

/**
 * The availability of `{label}.{suffix}`: the rule checked first (no request for a label the
 * API would refuse), then the API's answer; a taken name comes with free alternatives.
 */
export function getNameAvailability(parameters: GetNameAvailabilityParameters): NameAvailability {
  const label = parameters.label.trim()
  if (!label) return { status: 'empty' }
  if (!isValidNameLabel(label)) return { status: 'invalid' }
  const name = `${label}.${parameters.suffix}`.toLowerCase()
  if (parameters.failed) return { status: 'error', name }
  if (!parameters.suggestions) return { status: 'checking', name }
  const own = parameters.suggestions.find((entry) => entry.name.toLowerCase() === name)
  if (own && !own.registered) return { status: 'available', name }
  return {
    status: 'taken',
    name,
    suggestions: parameters.suggestions
      .filter((entry) => !entry.registered && entry.name.toLowerCase() !== name)
      .map((entry) => entry.name)
      .slice(0, parameters.limit ?? 4),
  }
}
