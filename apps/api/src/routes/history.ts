import { type HistoryResponse, historyQuerySchema } from '@latch/api-contract'
import { Hono } from 'hono'
import type { AppEnv } from '../appEnv.ts'
import type { LatchDb } from '../db/createDatabase.ts'
import type { ApiNetwork } from '../network.ts'
import { getHistory } from '../services/history/getHistory.ts'
import { decodeHistoryCursor } from '../services/history/historyCursor.ts'
import { parseAccountId } from '../services/history/parseAccountId.ts'
import { resolveChains } from '../services/history/resolveChains.ts'
import type { PriceSource } from '../services/prices/priceSource.ts'
import { parseQuery } from './parseQuery.ts'

/**
 * `GET /v1/account/:account/history?chainId&cursor&limit&onramp` (spec section 7): an account's
 * transactions from the index, newest first, one page per call; `next` is the cursor of the
 * following page. Read from the database (it answers while an RPC is down); transfers carry
 * their price at the time when the price source knows it. `onramp=coinbase|moonpay|all` asks
 * for on-ramp purchases only: transactions sent by a provider's funding account
 * (`onrampSenders`: the devnet sandbox's, or LATCH_ONRAMP_<ID>_SENDERS), which every page marks
 * with `metadata.onramp`.
 */
export function historyRoute({
  db,
  networks,
  prices,
  onrampSenders,
}: {
  db: LatchDb
  networks: readonly ApiNetwork[]
  prices?: PriceSource | undefined
  /** On-ramp funding accounts (lower case) -> provider id; none: no purchases are known. */
  onrampSenders?: ReadonlyMap<string, string> | undefined
}) {
  return new Hono<AppEnv>().get('/account/:account/history', async (c) => {
    const account = parseAccountId(c.req.param('account'))
    const query = parseQuery(historyQuerySchema, c.req.query())
    // Personal and changing with every block: never cached on the way.
    c.header('Cache-Control', 'private, no-store')
    const chains = resolveChains(networks, {
      chainId: query.chainId,
      accountChainId: account.chainId,
    })
    const page = await getHistory(db, {
      account: account.address,
      networks: chains,
      cursor: query.cursor === undefined ? undefined : decodeHistoryCursor(query.cursor),
      limit: query.limit,
      apiOrigin: c.get('apiOrigin'),
      projectId: c.get('project').id,
      prices,
      onrampSenders,
      onrampOnly:
        query.onramp === undefined
          ? undefined
          : query.onramp === 'all'
            ? [...new Set(onrampSenders?.values() ?? [])]
            : [query.onramp],
    })
    return c.json(page satisfies HistoryResponse)
  })
}
