import type { z } from 'zod'
import { InvalidRequestError } from '../errors/request.ts'

/**
 * Validates query parameters against a schema; the first problem becomes a 400 with one
 * clear sentence naming the parameter.
 */
export function parseQuery<schema extends z.ZodType>(
  schema: schema,
  query: Record<string, string>,
): z.output<schema> {
  const result = schema.safeParse(query)
  if (result.success) return result.data
  const [issue] = result.error.issues
  const name = String(issue?.path[0] ?? 'query')
  throw new InvalidRequestError({ message: describeIssue(name, issue, query[name]) })
}

function describeIssue(name: string, issue: z.core.$ZodIssue | undefined, value?: string): string {
  if (value === undefined) return `${name} is required.`
  if (issue?.code === 'invalid_value')
    return `${name} must be one of ${issue.values.map((option) => JSON.stringify(option)).join(', ')}.`
  const message = issue?.message ?? 'is invalid'
  return /[.!?]$/.test(message) ? message : `${name}: ${message}.`
}
