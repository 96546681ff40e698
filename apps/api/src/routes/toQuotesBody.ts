import type { GetSwapQuoteReturnType } from '../services/swaps/getSwapQuote.ts'

/** Each kept answer's JSON up to its expiry, written once: a quote asked again is a lookup. */
const heads = new WeakMap<object, string>()

/**
 * The body of `GET /v1/convert/quotes` (a `ConvertQuotesResponse`) for one quote: the text
 * `JSON.stringify` writes for `{ quotes: [{ ...answer, expiresAt }] }`. The answer (shared while
 * the chain has not moved, and never changed) is serialised once; per request, only the expiry.
 */
export function toQuotesBody({ answer, expiresAt }: GetSwapQuoteReturnType): string {
  let head = heads.get(answer)
  if (head === undefined) {
    const fields = JSON.stringify(answer)
    head = `{"quotes":[${fields.length > 2 ? `${fields.slice(0, -1)},` : '{'}"expiresAt":`
    heads.set(answer, head)
  }
  return `${head}${JSON.stringify(expiresAt)}}]}`
}
