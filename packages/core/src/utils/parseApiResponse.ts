/**
 * What `parseApiResponse` needs of a response schema: zod's `safeParse` (the contract's
 * schemas from `@latch/api-contract`; core itself imports no zod).
 */
export type ApiResponseSchema<T> = {
  safeParse(value: unknown):
    | { success: true; data: T }
    | {
        success: false
        error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }
      }
}

/**
 * Parses an API answer with the contract's response schema; an answer that does not match
 * becomes the caller's domain error, its details naming the first field that is wrong.
 */
export function parseApiResponse<T, E extends Error>(
  schema: ApiResponseSchema<T>,
  body: unknown,
  toError: (parameters: { details: string }) => E,
): T {
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const [issue] = result.error.issues
  const at = issue && issue.path.length > 0 ? ` at ${issue.path.map(String).join('.')}` : ''
  throw toError({
    details: `The API's answer does not match its contract${at}: ${issue?.message ?? 'invalid'}`,
  })
}
