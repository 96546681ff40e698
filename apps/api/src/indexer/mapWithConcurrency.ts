/**
 * Maps `items` through `fn` with at most `limit` calls in flight, keeping the input order:
 * enough parallelism to hide RPC latency without flooding a provider.
 */
export async function mapWithConcurrency<item, result>(
  items: readonly item[],
  limit: number,
  fn: (item: item, index: number) => Promise<result>,
): Promise<result[]> {
  const results = new Array<result>(items.length)
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const index = next++
      results[index] = await fn(items[index] as item, index)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}
