import { isValidNameLabel, type NameMessage, nameMessageSchema } from '@latch/api-contract'
import {
  InvalidNameLabelError,
  InvalidNameMessageError,
  NameSuffixError,
} from '../../errors/names.ts'
import { getNameLabel } from './getNameLabel.ts'

export type ParseNameMessageReturnType = NameMessage & {
  /** The label in lower case, e.g. `alice`. */
  label: string
}

/**
 * Reads a signed registration message (the JSON `createNameMessage` builds): the name, in
 * lower case, must be a valid label under `suffix`. The timestamp is checked by the caller.
 */
export function parseNameMessage(
  message: string,
  { suffix }: { suffix: string },
): ParseNameMessageReturnType {
  let json: unknown
  try {
    json = JSON.parse(message)
  } catch {
    throw new InvalidNameMessageError({ problem: 'it is not JSON.' })
  }
  const result = nameMessageSchema.safeParse(json)
  if (!result.success) {
    const [issue] = result.error.issues
    const field = issue?.path.length ? issue.path.join('.') : undefined
    const problem =
      issue?.code === 'unrecognized_keys'
        ? `unknown key ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}.`
        : field
          ? `${field} is missing or invalid.`
          : 'it is not an object.'
    throw new InvalidNameMessageError({ problem })
  }
  const label = getNameLabel(result.data.name, suffix)
  if (label === undefined) throw new NameSuffixError({ name: result.data.name, suffix })
  if (!isValidNameLabel(label)) throw new InvalidNameLabelError({ label })
  return { ...result.data, name: result.data.name.toLowerCase(), label: label.toLowerCase() }
}
