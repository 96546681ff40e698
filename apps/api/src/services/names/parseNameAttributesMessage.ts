import { type NameAttributesMessage, nameAttributesMessageSchema } from '@latch/api-contract'
import { InvalidNameMessageError } from '../../errors/names.ts'

/**
 * Reads a signed attributes update (the JSON `createNameAttributesMessage` builds); the name
 * is returned in lower case. The timestamp and signature are checked by the caller.
 */
export function parseNameAttributesMessage(message: string): NameAttributesMessage {
  let json: unknown
  try {
    json = JSON.parse(message)
  } catch {
    throw new InvalidNameMessageError({ problem: 'it is not JSON.', kind: 'update' })
  }
  const result = nameAttributesMessageSchema.safeParse(json)
  if (!result.success) {
    const [issue] = result.error.issues
    const field = issue?.path.length ? issue.path.join('.') : undefined
    const problem =
      issue?.code === 'unrecognized_keys'
        ? `unknown key ${issue.keys.map((key) => JSON.stringify(key)).join(', ')}.`
        : field
          ? `${field} is missing or invalid.`
          : 'it is not an object.'
    throw new InvalidNameMessageError({ problem, kind: 'update' })
  }
  return { ...result.data, name: result.data.name.toLowerCase() }
}
