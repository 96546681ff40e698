import type { z } from 'zod'
import { InvalidRequestError } from '../errors/request.ts'
import { readJsonObject } from './readJsonObject.ts'

/** Reads a JSON object body against `schema`; the first problem is a 400 naming the field. */
export function parseJsonBody<schema extends z.ZodType>(
  schema: schema,
  text: string,
): z.output<schema> {
  const body = readJsonObject(text)
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const [issue] = result.error.issues
  const name = String(issue?.path[0] ?? 'body')
  if (body[name] === undefined) throw new InvalidRequestError({ message: `${name} is required.` })
  if (issue?.code === 'invalid_type')
    throw new InvalidRequestError({ message: `${name} must be a ${issue.expected}.` })
  const message = issue?.message ?? 'is invalid'
  throw new InvalidRequestError({
    message: /[.!?]$/.test(message) ? message : `${name}: ${message}.`,
  })
}
