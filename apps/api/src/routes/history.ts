import { type HistoryResponse, historyQuerySchema } from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import type { LatchDb } from '../db/createDatabase.ts'
import { ChainAdapterNotFoundError } from '../errors/chainNamespace.ts'
import { InvalidRequestError } from '../errors/request.ts'
import type { ApiNetwork } from '../network.ts'
import type { NamespaceClients } from '../services/chains/createNamespaceClients.ts'
import { getNamespaceHistory } from '../services/chains/getNamespaceHistory.ts'
import { getHistory } from '../services/history/getHistory.ts'
import { decodeHistoryCursor } from '../services/history/historyCursor.ts'
import { parseAccountId } from '../services/history/parseAccountId.ts'
import { resolveChains } from '../services/history/resolveChains.ts'
import type { PriceSource } from '../services/prices/priceSource.ts'
import type { CacheStore } from '../stores/cacheStore.ts'
import type { AnswerCache } from '../stores/createAnswerCache.ts'
import { isNamespaceChainId } from './balance.ts'
import { createQueryParser } from './createQueryParser.ts'
import { parseQuery } from './parseQuery.ts'

/**
 * `GET /v1/account/:account/history?chainId&cursor&limit&onramp` (spec section 7): an account's
 * transactions from the index, newest first, one page per call; `next` is the cursor of the
 * following page. Read from the database (it answers while an RPC is down); transfers carry
 * their price at the time when the price source knows it. `onramp=coinbase|moonpay|all` asks
 * for on-ramp purchases only: transactions sent by a provider's funding account
 * (`onrampSenders`: the devnet sandbox's, or LATCH_ONRAMP_<ID>_SENDERS), which every page marks
 * with `metadata.onramp`. A Solana or Bitcoin account (its CAIP-2 `chainId`, or a CAIP-10
 * account) is read from its chain instead (`getNamespaceHistory`; `next` is its cursor).
 */
export function historyRoute({
  db,
  networks,
  prices,
  onrampSenders,
  namespaceClients,
  cache,
  answers,
}: {
  db: LatchDb
  networks: readonly ApiNetwork[]
  prices?: PriceSource | undefined
  /** On-ramp funding accounts (lower case) -> provider id; none: no purchases are known. */
  onrampSenders?: ReadonlyMap<string, string> | undefined
  /** The Solana and Bitcoin networks and their node clients, and the cache of their pages. */
  namespaceClients?: NamespaceClients | undefined
  cache?: CacheStore | undefined
  /** Recent pages kept whole in memory (invalidated by the indexer); none: every page is read. */
  answers?: AnswerCache | undefined
}) {
  const parseHistoryQuery = createQueryParser(historyQuerySchema)
  return new Hono<AppEnv>().get('/account/:account/history', async (c) => {
    const raw = c.req.param('account')
    const caip10 = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([a-zA-Z0-9]{14,90})$/.exec(raw)
    const queryChainId = c.req.query('chainId')
    if (
      (caip10 && isNamespaceChainId(caip10[1])) ||
      (!caip10 && isNamespaceChainId(queryChainId))
    ) {
      const query = parseQuery(historyQuerySchema, c.req.query())
      const chainId = caip10?.[1] ?? String(query.chainId)
      if (query.chainId !== undefined && String(query.chainId) !== chainId)
        throw new InvalidRequestError({
          message: `chainId "${String(query.chainId)}" does not match the account's chain "${chainId}".`,
        })
      c.header('Cache-Control', 'private, no-store')
      if (query.onramp !== undefined)
        return c.json({ data: [], next: null } satisfies HistoryResponse)
      const page = await getNamespaceHistory(
        { clients: namespaceClients ?? emptyNamespaceClients, cache: cache ?? noCache },
        { address: caip10?.[2] ?? raw, chainId, cursor: query.cursor, limit: query.limit },
      )
      return c.json(page satisfies HistoryResponse)
    }
    const account = parseAccountId(raw)
    const query = parseHistoryQuery(c.req)
    if (typeof query.chainId === 'string')
      throw new ChainAdapterNotFoundError({ namespace: query.chainId.split(':')[0] ?? '' })
    // Personal and changing with every block: never cached on the way.
    c.header('Cache-Control', 'private, no-store')
    const chains = resolveChains(networks, {
      chainId: typeof query.chainId === 'number' ? query.chainId : undefined,
      accountChainId: account.chainId,
    })
    const cursor = query.cursor === undefined ? undefined : decodeHistoryCursor(query.cursor)
    const apiOrigin = c.get('apiOrigin')
    const projectId = c.get('project').id
    const load = async () => {
      let cacheable = true
      const page = await getHistory(db, {
        account: account.address,
        networks: chains,
        cursor,
        limit: query.limit,
        apiOrigin,
        projectId,
        prices,
        onrampSenders,
        onrampOnly:
          query.onramp === undefined
            ? undefined
            : query.onramp === 'all'
              ? [...new Set(onrampSenders?.values() ?? [])]
              : [query.onramp],
        onIncomplete: () => {
          cacheable = false
        },
      })
      return { value: page satisfies HistoryResponse, cacheable }
    }
    if (!answers) return c.json((await load()).value)
    // Everything the page depends on: image URLs carry the origin and the project.
    const key = JSON.stringify([
      'history',
      account.address.toLowerCase(),
      chains.map((network) => network.id),
      query.cursor ?? null,
      query.limit,
      query.onramp ?? null,
      apiOrigin,
      projectId,
    ])
    return c.body(await answers.read(key, load), 200, { 'Content-Type': 'application/json' })
  })
}

const emptyNamespaceClients: NamespaceClients = {
  networks: { solana: [], bitcoin: [] },
  solana: new Map(),
  bitcoin: new Map(),
}

/** Without a shared cache every page is read from the chain. */
const noCache: CacheStore = {
  get: async () => undefined,
  set: async () => {},
  delete: async () => {},
}
