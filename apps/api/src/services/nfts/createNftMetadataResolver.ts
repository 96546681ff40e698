import { and, eq, or } from 'drizzle-orm'
import { type Address, type PublicClient, parseAbi } from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import type { LatchDb } from '../../db/createDatabase.ts'
import { nftMetadata } from '../../db/schema/index.ts'
import { NftFetchError } from '../../errors/nfts.ts'
import { openUrl, readLimited } from './openUrl.ts'
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

export type NftFetchOptions = {
  fetch?: typeof globalThis.fetch | undefined
  /** Allow loopback and private hosts (the devnet's services server). */
  allowPrivateHosts: boolean
  ipfsGateway?: string | undefined
}

export type CreateNftMetadataResolverParameters = NftFetchOptions & {
  db: LatchDb
  clients: ChainClients
  /** Bound on reading tokenURI's document (default 5 s). */
  timeoutMs?: number | undefined
  /** Largest metadata document read (default 256 KiB). */
  maxBytes?: number | undefined
  /** How long metadata is trusted (default 24 h) and a failure remembered (default 60 s). */
  okTtlMs?: number | undefined
  failedTtlMs?: number | undefined
  now?: (() => number) | undefined
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
    timeoutMs = 5_000,
    maxBytes = 256 * 1024,
    okTtlMs = 24 * 60 * 60 * 1000,
    failedTtlMs = 60_000,
    now = Date.now,
  } = parameters
  const inflight = new Map<string, Promise<NftMetadataRecord>>()

  const isFresh = (record: NftMetadataRecord) =>
    now() - record.fetchedAt.getTime() < (record.status === 'ok' ? okTtlMs : failedTtlMs)

  const readCached = async (keys: readonly NftKey[]) => {
    const found = new Map<string, NftMetadataRecord>()
    for (let start = 0; start < keys.length; start += 200) {
      const rows = await db
        .select()
        .from(nftMetadata)
        .where(
          or(
            ...keys
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
      for (const row of rows) found.set(keyOf(row), row)
    }
    return found
  }

  const fetchDocument = async (client: PublicClient, key: NftKey) => {
    const tokenUri = await client.readContract({
      address: key.contract as Address,
      abi: tokenUriAbi,
      functionName: 'tokenURI',
      args: [BigInt(key.tokenId)],
    })
    const response = await openUrl(tokenUri, {
      ...parameters,
      signal: AbortSignal.timeout(timeoutMs),
      accept: 'application/json',
    })
    const text = new TextDecoder().decode(await readLimited(response, maxBytes))
    const parsed = parseNftMetadata(text)
    if (!parsed) throw new NftFetchError({ reason: 'the metadata is not a JSON object' })
    return { tokenUri: tokenUri.slice(0, 2_000), ...parsed }
  }

  const refresh = (key: NftKey): Promise<NftMetadataRecord> => {
    const id = keyOf(key)
    const running = inflight.get(id)
    if (running) return running
    const task = (async () => {
      const client = clients.get(key.chainId)
      const fetchedAt = new Date(now())
      const row = await (client
        ? fetchDocument(client, key).then(
            (document) => ({ status: 'ok' as const, error: null, ...document }),
            (error: unknown) => failure(error),
          )
        : failure(new Error('No client for this chain.')))
      const values = { ...key, ...row, fetchedAt }
      await db
        .insert(nftMetadata)
        .values(values)
        .onConflictDoUpdate({
          target: [nftMetadata.chainId, nftMetadata.contract, nftMetadata.tokenId],
          set: { ...row, fetchedAt },
        })
      return values
    })().finally(() => inflight.delete(id))
    inflight.set(id, task)
    return task
  }

  return {
    /** One NFT's metadata, from the cache or fetched now. */
    async get(key: NftKey): Promise<NftMetadataRecord> {
      const cached = (await readCached([key])).get(keyOf(key))
      return cached && isFresh(cached) ? cached : refresh(key)
    },

    /**
     * Many NFTs' metadata: the cache, then fetches (8 at a time) for the rest until
     * `deadline`. What is not ready by then is missing from the answer (its fetch carries on
     * and fills the cache for the next ask); a stale row is answered when its refresh is late.
     */
    async getMany(
      keys: readonly NftKey[],
      { deadline }: { deadline: number },
    ): Promise<Map<string, NftMetadataRecord>> {
      const cached = await readCached(keys)
      const answer = new Map<string, NftMetadataRecord>()
      const toFetch: NftKey[] = []
      for (const key of keys) {
        const record = cached.get(keyOf(key))
        if (record) answer.set(keyOf(key), record)
        if (!record || !isFresh(record)) toFetch.push(key)
      }
      let next = 0
      const worker = async () => {
        while (next < toFetch.length) {
          const key = toFetch[next++] as NftKey
          const record = await refresh(key).catch(() => undefined)
          if (record && Date.now() <= deadline) answer.set(keyOf(key), record)
        }
      }
      const work = Promise.all(Array.from({ length: Math.min(8, toFetch.length) }, worker))
      let timer: NodeJS.Timeout | undefined
      await Promise.race([
        work,
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))
        }),
      ])
      clearTimeout(timer)
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
