import { and, eq, or } from 'drizzle-orm'
import { type Address, type PublicClient, parseAbi } from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import type { LatchDb } from '../../db/createDatabase.ts'
import { nftMetadata } from '../../db/schema/index.ts'
import { NftFetchError } from '../../errors/nfts.ts'
import type { GuardedFetch, ResolveHost } from '../fetch/createGuardedFetch.ts'
import type { Semaphore } from '../fetch/createSemaphore.ts'
import { createSharedTasks } from '../fetch/createSharedTasks.ts'
import { isBusyError } from '../fetch/isBusyError.ts'
import { openUrl, readBody } from './openUrl.ts'
import { parseNftMetadata } from './parseNftMetadata.ts'

const tokenUriAbi = parseAbi(['function tokenURI(uint256 tokenId) view returns (string)'])

/** One NFT, contract lowercase, token id in decimal. */
export type NftKey = { chainId: number; contract: string; tokenId: string }

export type NftMetadataRecord = {
  status: 'ok' | 'failed'
  name: string | null
  description: string | null
  imageUrl: string | null
  fetchedAt: Date
}

/** How the app fetches NFT metadata and images (`createApp` builds the guarded fetcher). */
export type NftFetchOptions = {
  /** Allow loopback and private hosts (the devnet's services server); every other guard holds. */
  allowPrivateHosts: boolean
  ipfsGateway?: string | undefined
  /** The process-wide cap on outbound requests, shared with the price feed. */
  limiter?: Semaphore | undefined
  /** Name resolution (tests inject one). */
  resolve?: ResolveHost | undefined
  /** Metadata documents one request fetches at once (default 4). */
  concurrencyPerRequest?: number | undefined
  /** Bytes of NFT images kept in memory (default 64 MiB). */
  imageCacheBytes?: number | undefined
}

/** Media types a metadata document may come as (servers often label JSON as text). */
export const metadataTypes: readonly string[] = [
  'application/json',
  'application/ld+json',
  'text/json',
  'text/plain',
  'application/octet-stream',
]

export type CreateNftMetadataResolverParameters = {
  db: LatchDb
  clients: ChainClients
  /** The guarded fetcher every outbound request goes through. */
  fetch: GuardedFetch
  ipfsGateway?: string | undefined
  /** Documents fetched at once for one `getMany` (default 4). */
  concurrencyPerCall?: number | undefined
  /** Bound on reading tokenURI's document (default 4 s, under the listing's 5 s wait). */
  timeoutMs?: number | undefined
  /** Largest metadata document read (default 256 KiB). */
  maxBytes?: number | undefined
  /** How long metadata is trusted (default 24 h) and a failure remembered (default 60 s). */
  okTtlMs?: number | undefined
  failedTtlMs?: number | undefined
  now?: (() => number) | undefined
  /** Fresh metadata kept in this process: at most this many NFTs (default 10,000) ... */
  memoryEntries?: number | undefined
  /** ... each for at most this long (default 5 min), never past its 24 h freshness. */
  memoryTtlMs?: number | undefined
}

export type NftMetadataResolver = ReturnType<typeof createNftMetadataResolver>

const keyOf = ({ chainId, contract, tokenId }: NftKey) => `${chainId}:${contract}:${tokenId}`

/**
 * NFT metadata through the `nft_metadata` cache: fresh rows come from the database, others are
 * read from tokenURI (http(s), ipfs or data: JSON) within a time and size bound and stored,
 * failures included, so one broken server costs one fetch a minute. Concurrent asks for one
 * NFT share a fetch.
 */
export function createNftMetadataResolver(parameters: CreateNftMetadataResolverParameters) {
  const {
    db,
    clients,
    fetch,
    ipfsGateway,
    concurrencyPerCall = 4,
    timeoutMs = 4_000,
    maxBytes = 256 * 1024,
    okTtlMs = 24 * 60 * 60 * 1000,
    failedTtlMs = 60_000,
    now = Date.now,
    memoryEntries = 10_000,
    memoryTtlMs = 5 * 60_000,
  } = parameters
  const tasks = createSharedTasks<NftMetadataRecord>()

  const isFresh = (record: NftMetadataRecord) =>
    now() - record.fetchedAt.getTime() < (record.status === 'ok' ? okTtlMs : failedTtlMs)

  /**
   * Fresh `ok` rows kept in this process (bounded, least recently used dropped first) for at
   * most `memoryTtlMs`: a list of NFTs then costs no metadata query. Failures are not kept.
   */
  const memory = new Map<string, { record: NftMetadataRecord; until: number }>()
  const remember = (key: string, record: NftMetadataRecord) => {
    if (record.status !== 'ok') return
    memory.delete(key)
    if (memory.size >= memoryEntries) {
      const oldest = memory.keys().next().value
      if (oldest !== undefined) memory.delete(oldest)
    }
    const freshUntil = record.fetchedAt.getTime() + okTtlMs
    memory.set(key, { record, until: Math.min(freshUntil, now() + memoryTtlMs) })
  }

  const readCached = async (keys: readonly NftKey[]) => {
    const found = new Map<string, NftMetadataRecord>()
    const missing: NftKey[] = []
    for (const key of keys) {
      const id = keyOf(key)
      const kept = memory.get(id)
      if (kept && kept.until > now()) {
        memory.delete(id)
        memory.set(id, kept)
        found.set(id, kept.record)
      } else {
        if (kept) memory.delete(id)
        missing.push(key)
      }
    }
    for (let start = 0; start < missing.length; start += 200) {
      const rows = await db
        .select()
        .from(nftMetadata)
        .where(
          or(
            ...missing
              .slice(start, start + 200)
              .map((key) =>
                and(
                  eq(nftMetadata.chainId, key.chainId),
                  eq(nftMetadata.contract, key.contract),
                  eq(nftMetadata.tokenId, key.tokenId),
                ),
              ),
          ),
        )
      for (const row of rows) {
        found.set(keyOf(row), row)
        if (isFresh(row)) remember(keyOf(row), row)
      }
    }
    return found
  }

  const fetchDocument = async (client: PublicClient, key: NftKey, signal: AbortSignal) => {
    const tokenUri = await client.readContract({
      address: key.contract as Address,
      abi: tokenUriAbi,
      functionName: 'tokenURI',
      args: [BigInt(key.tokenId)],
    })
    const response = await openUrl(tokenUri, {
      fetch,
      ipfsGateway,
      accept: metadataTypes,
      maxBytes,
      timeoutMs,
      signal,
    })
    const text = new TextDecoder().decode(await readBody(response))
    const parsed = parseNftMetadata(text)
    if (!parsed) throw new NftFetchError({ reason: 'the metadata is not a JSON object' })
    return { tokenUri: tokenUri.slice(0, 2_000), ...parsed }
  }

  /**
   * Fetches and stores one NFT's metadata, once however many ask at the same time. The cache
   * is read again first, so an ask that missed it just before another's fetch landed does not
   * fetch again. A fetch abandoned by every asker stores nothing.
   */
  const refresh = (key: NftKey, signal: AbortSignal | undefined): Promise<NftMetadataRecord> =>
    tasks.run(keyOf(key), signal, async (shared) => {
      const stored = (await readCached([key])).get(keyOf(key))
      if (stored && isFresh(stored)) return stored
      const client = clients.get(key.chainId)
      const fetchedAt = new Date(now())
      const row = await (client
        ? fetchDocument(client, key, shared).then(
            (document) => ({ status: 'ok' as const, error: null, ...document }),
            (error: unknown) => {
              // Abandoned, or refused by our own outbound cap: nothing learnt, nothing stored.
              if (shared.aborted || isBusyError(error)) throw error
              return failure(error)
            },
          )
        : failure(new Error('No client for this chain.')))
      const values = { ...key, ...row, fetchedAt }
      memory.delete(keyOf(key))
      await db
        .insert(nftMetadata)
        .values(values)
        .onConflictDoUpdate({
          target: [nftMetadata.chainId, nftMetadata.contract, nftMetadata.tokenId],
          set: { ...row, fetchedAt },
        })
      return values
    })

  return {
    /** One NFT's metadata, from the cache or fetched now. */
    async get(
      key: NftKey,
      { signal }: { signal?: AbortSignal | undefined } = {},
    ): Promise<NftMetadataRecord> {
      const cached = (await readCached([key])).get(keyOf(key))
      return cached && isFresh(cached) ? cached : refresh(key, signal)
    },

    /**
     * Many NFTs' metadata: the cache, then fetches (`concurrencyPerCall` at a time) for the
     * rest until `deadline` or `signal`. What is not ready by then is missing from the answer
     * (a stale row is answered when its refresh is late), and the fetches still running are
     * abandoned: no work outlives the request that asked for it.
     */
    async getMany(
      keys: readonly NftKey[],
      { deadline, signal }: { deadline: number; signal?: AbortSignal | undefined },
    ): Promise<Map<string, NftMetadataRecord>> {
      const cached = await readCached(keys)
      const answer = new Map<string, NftMetadataRecord>()
      const toFetch: NftKey[] = []
      for (const key of keys) {
        const record = cached.get(keyOf(key))
        if (record) answer.set(keyOf(key), record)
        if (!record || !isFresh(record)) toFetch.push(key)
      }
      if (toFetch.length === 0) return answer
      const done = new AbortController()
      const stop = () => done.abort()
      signal?.addEventListener('abort', stop, { once: true })
      let next = 0
      const worker = async () => {
        while (next < toFetch.length && !done.signal.aborted) {
          const key = toFetch[next++] as NftKey
          const record = await refresh(key, done.signal).catch(() => undefined)
          if (record && !done.signal.aborted) answer.set(keyOf(key), record)
        }
      }
      const work = Promise.all(
        Array.from({ length: Math.min(concurrencyPerCall, toFetch.length) }, worker),
      )
      const timer = setTimeout(stop, Math.max(0, deadline - Date.now()))
      await Promise.race([
        work,
        new Promise((resolve) => done.signal.addEventListener('abort', resolve)),
      ])
      clearTimeout(timer)
      signal?.removeEventListener('abort', stop)
      stop()
      return new Map(answer)
    },

    keyOf,
  }
}

function failure(error: unknown) {
  const message =
    error instanceof Error
      ? 'shortMessage' in error
        ? String(error.shortMessage)
        : error.message
      : String(error)
  return {
    status: 'failed' as const,
    tokenUri: null,
    name: null,
    description: null,
    imageUrl: null,
    error: message.slice(0, 500),
  }
}
