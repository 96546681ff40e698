export type CreateChainHeadParameters = {
  /** Reads the chain's head block number now (eth_blockNumber, uncached). */
  read: () => Promise<bigint>
  /** How long a head read answers `recent` (ms); 0 reads for every call. */
  ttlMs: number
  /** The clock in ms (tests move it). */
  now?: (() => number) | undefined
}

/** The head block of one chain as this process knows it. */
export type ChainHead = {
  /**
   * A head read at most `ttlMs` ago (a read under way is shared), and never below the highest
   * head this process has seen: what a displayed quote is priced at.
   */
  recent(): Promise<bigint>
  /**
   * A head read after this call began, never a read already under way (it may have started
   * before the caller's last transaction was mined), and never below the highest head seen:
   * what a transaction is built against. It also refreshes what `recent` answers.
   */
  current(): Promise<bigint>
}

/**
 * The chain's head, read at most once per `ttlMs` for displayed quotes and read afresh for
 * quotes a transaction is built from. A lagging RPC node that answers a lower block never moves
 * the head back: the highest head seen is kept.
 */
export function createChainHead({
  read,
  ttlMs,
  now = Date.now,
}: CreateChainHeadParameters): ChainHead {
  if (!(ttlMs >= 0)) throw new RangeError(`ttlMs must be 0 or more, got ${ttlMs}.`)
  /** The highest head seen, and when the read that last confirmed it started. */
  let known: { block: bigint; at: number } | undefined
  let refreshing: Promise<bigint> | undefined

  const readNow = async () => {
    const startedAt = now()
    const block = await read()
    if (!known || block >= known.block) known = { block, at: startedAt }
    else if (startedAt > known.at) known = { block: known.block, at: startedAt }
    return known.block
  }

  return {
    recent() {
      if (known && now() - known.at < ttlMs) return Promise.resolve(known.block)
      if (refreshing) return refreshing
      const refresh = readNow().finally(() => {
        if (refreshing === refresh) refreshing = undefined
      })
      refreshing = refresh
      return refresh
    },
    current: readNow,
  }
}
