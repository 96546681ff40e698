import type { z } from 'zod'
import { parseQuery } from './parseQuery.ts'

export type CreateQueryParserParameters = {
  /** Distinct query strings remembered at most; past it all are forgotten (default 1,000). */
  maxEntries?: number | undefined
  /** Longer query strings are parsed every time, never remembered (default 512 characters). */
  maxQueryLength?: number | undefined
}

/**
 * `parseQuery` for one schema on a hot read route, remembering each valid query string's
 * result: a repeated request (a wallet polling its balance) is not validated again. The result
 * is a function of the URL's query string alone, so it is keyed by it; a refused query is not
 * remembered (the next one is refused again with the same message). Results are frozen and
 * shared by every request with the same query: read them, never change them. Bounded by
 * entries and by query length.
 */
export function createQueryParser<schema extends z.ZodType>(
  schema: schema,
  { maxEntries = 1_000, maxQueryLength = 512 }: CreateQueryParserParameters = {},
): (request: { url: string; query(): Record<string, string> }) => Readonly<z.output<schema>> {
  const parsed = new Map<string, Readonly<z.output<schema>>>()
  return (request) => {
    const url = request.url
    const start = url.indexOf('?')
    const search = start === -1 ? '' : url.slice(start)
    const known = parsed.get(search)
    if (known !== undefined) return known
    const value = Object.freeze(parseQuery(schema, request.query()))
    if (search.length <= maxQueryLength) {
      if (parsed.size >= maxEntries) parsed.clear()
      parsed.set(search, value)
    }
    return value
  }
}
