import { InvalidRequestError } from '../errors/request.ts'

/** A request body that must be a JSON object; anything else is a 400 that says so. */
export function readJsonObject(text: string): Record<string, unknown> {
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new InvalidRequestError({ message: 'The request body must be JSON.' })
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new InvalidRequestError({ message: 'The request body must be a JSON object.' })
  return body as Record<string, unknown>
}
