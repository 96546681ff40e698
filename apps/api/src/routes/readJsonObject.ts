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
  // PostgreSQL refuses NUL in text, and no field of ours can hold one.
  if (text.includes('\\u0000') && holdsNul(body))
    throw new InvalidRequestError({
      message: 'The request body contains a NUL character, which is not allowed.',
    })
  return body as Record<string, unknown>
}

/** Whether any string (or key) in a parsed JSON value holds a NUL; iterative, for deep values. */
function holdsNul(root: unknown): boolean {
  const pending: unknown[] = [root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return true
    } else if (typeof value === 'object' && value !== null)
      for (const [key, item] of Object.entries(value)) {
        if (key.includes('\u0000')) return true
        pending.push(item)
      }
  }
  return false
}
