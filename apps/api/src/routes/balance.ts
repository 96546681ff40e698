import { type BalanceResponse, balanceQuerySchema } from '@latch/api-contract'
import { Hono } from 'hono'
import { isAddress } from 'viem'
import type { AppEnv } from '../appEnv.ts'
import type { ChainClients } from '../createChainClients.ts'
import { ChainNotSupportedError, InvalidAddressError } from '../errors/request.ts'
import type { Logger } from '../logger.ts'
import type { ApiNetwork } from '../network.ts'
import { allowForceUpdate } from '../services/allowForceUpdate.ts'
import { getBalances } from '../services/getBalances.ts'
import type { PriceSource } from '../services/prices/priceSource.ts'
import type { CacheStore } from '../stores/cacheStore.ts'
import { parseQuery } from './parseQuery.ts'
import { getTokenImageUrl } from './tokenImage.ts'

/** `GET /v1/account/:address/balance?chainId&currency&forceUpdate` (spec section 7). */
export function balanceRoute({
  networks,
  clients,
  prices,
  cache,
  logger,
}: {
  networks: readonly ApiNetwork[]
  clients: ChainClients
  prices: PriceSource
  cache: CacheStore
  logger: Logger
}) {
  const networksById = new Map(networks.map((network) => [network.id, network]))
  return new Hono<AppEnv>().get('/account/:address/balance', async (c) => {
    const address = c.req.param('address')
    if (!isAddress(address)) throw new InvalidAddressError({ address })
    const query = parseQuery(balanceQuerySchema, c.req.query())
    const network = networksById.get(query.chainId)
    const client = clients.get(query.chainId)
    if (!network || !client) throw new ChainNotSupportedError({ chainId: query.chainId })
    // Honoured once per address and chain every few seconds, or sooner when the chain has a new
    // block; otherwise the cache answers.
    const forceUpdate =
      query.forceUpdate === 'true' &&
      (await allowForceUpdate(
        { cache, getHeadBlock: () => client.getBlockNumber({ cacheTime: 0 }) },
        { key: `balance:${network.id}:${address.toLowerCase()}` },
      ))
    const origin = c.get('apiOrigin')
    const balances = await getBalances(
      { client, prices, cache, logger },
      {
        address,
        network,
        currency: query.currency,
        forceUpdate,
        iconUrl: (token) => getTokenImageUrl(origin, network.id, token),
      },
    )
    return c.json({ balances } satisfies BalanceResponse)
  })
}
