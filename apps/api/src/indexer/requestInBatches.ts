import { ResponseBodyTooLargeError, BaseError as ViemBaseError } from 'viem'

/**
 * Runs `calls` in order, `batchSize` at a time: the calls of one batch start in the same tick,
 * so a client with `http({ batch: true })` sends them as one JSON-RPC batch (without it they
 * are `batchSize` requests in flight). A batch whose answer is over the client's response size
 * limit is split in halves and asked again; a single call over it still fails. Results keep
 * the input order.
 */
export async function requestInBatches<result>(
  calls: readonly (() => Promise<result>)[],
  batchSize: number,
): Promise<result[]> {
  const results: result[] = []
  for (let start = 0; start < calls.length; start += batchSize)
    results.push(...(await requestBatch(calls.slice(start, start + batchSize))))
  return results
}

async function requestBatch<result>(calls: readonly (() => Promise<result>)[]): Promise<result[]> {
  try {
    return await Promise.all(calls.map((call) => call()))
  } catch (error) {
    if (calls.length < 2 || !isResponseTooLarge(error)) throw error
    const half = Math.ceil(calls.length / 2)
    return [
      ...(await requestBatch(calls.slice(0, half))),
      ...(await requestBatch(calls.slice(half))),
    ]
  }
}

/** The answer was over the client's `maxResponseBodySize` (viem's default is 10 MB). */
export function isResponseTooLarge(error: unknown): boolean {
  return (
    error instanceof ViemBaseError &&
    Boolean(error.walk((cause) => cause instanceof ResponseBodyTooLargeError))
  )
}
