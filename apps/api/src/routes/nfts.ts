import { type NftsResponse, nftsQuerySchema } from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import type { LatchDb } from '../db/createDatabase.ts'
import type { ApiNetwork } from '../network.ts'
import { parseAccountId } from '../services/history/parseAccountId.ts'
import { resolveChains } from '../services/history/resolveChains.ts'
import type { NftMetadataResolver } from '../services/nfts/createNftMetadataResolver.ts'
import { listNfts } from '../services/nfts/listNfts.ts'
import type { AnswerCache } from '../stores/createAnswerCache.ts'
import { createQueryParser } from './createQueryParser.ts'

/** How long a list waits for metadata it has to fetch; later ones show "#id" until cached. */
const metadataWaitMs = 5_000

/**
 * `GET /v1/account/:address/nfts?chainId`: the ERC-721 tokens an account owns according to the
 * index, with names, descriptions and image URLs served by the API's image proxy.
 */
export function nftsRoute({
  db,
  networks,
  nftMetadata,
  answers,
}: {
  db: LatchDb
  networks: readonly ApiNetwork[]
  nftMetadata: NftMetadataResolver
  /** Recent lists kept whole in memory (invalidated by the indexer); none: every list is read. */
  answers?: AnswerCache | undefined
}) {
  const parseNftsQuery = createQueryParser(nftsQuerySchema)
  return new Hono<AppEnv>().get('/account/:address/nfts', async (c) => {
    const account = parseAccountId(c.req.param('address'))
    const query = parseNftsQuery(c.req)
    const chains = resolveChains(networks, {
      chainId: query.chainId,
      accountChainId: account.chainId,
    })
    const chainIds = chains.map((network) => network.id)
    const apiOrigin = c.get('apiOrigin')
    const projectId = c.get('project').id
    const load = async () => {
      let cacheable = true
      const data = await listNfts(db, {
        account: account.address,
        chainIds,
        metadata: nftMetadata,
        deadline: Date.now() + metadataWaitMs,
        // A client that leaves stops the fetches it started (shared loads: the first asker's).
        signal: c.req.raw.signal,
        apiOrigin,
        projectId,
        onIncomplete: () => {
          cacheable = false
        },
      })
      return { value: { data } satisfies NftsResponse, cacheable }
    }
    c.header('Cache-Control', 'private, no-store')
    if (!answers) return c.json((await load()).value)
    // Everything the list depends on: image URLs carry the origin and the project.
    const key = JSON.stringify([
      'nfts',
      account.address.toLowerCase(),
      chainIds,
      apiOrigin,
      projectId,
    ])
    return c.body(await answers.read(key, load), 200, { 'Content-Type': 'application/json' })
  })
}
