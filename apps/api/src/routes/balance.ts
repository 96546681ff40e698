import { type BalanceResponse, balanceQuerySchema } from '@latch/api-contract'
import { Hono } from 'hono'
import { isAddress } from 'viem'
import type { AppEnv } from '../appEnv.ts'
import type { ChainClients } from '../createChainClients.ts'
import { ChainAdapterNotFoundError } from '../errors/chainNamespace.ts'
import { ChainNotSupportedError, InvalidAddressError } from '../errors/request.ts'
import type { Logger } from '../logger.ts'
import type { ApiNetwork } from '../network.ts'
import { allowForceUpdate } from '../services/allowForceUpdate.ts'
import type { NamespaceClients } from '../services/chains/createNamespaceClients.ts'
import { getNamespaceBalances } from '../services/chains/getNamespaceBalances.ts'
import { getBalances } from '../services/getBalances.ts'
import type { PriceSource } from '../services/prices/priceSource.ts'
import type { CacheStore } from '../stores/cacheStore.ts'
import type { AnswerCache } from '../stores/createAnswerCache.ts'
import { createQueryParser } from './createQueryParser.ts'
import { parseQuery } from './parseQuery.ts'
import { getTokenImageUrl } from './tokenImage.ts'

/**
 * `GET /v1/account/:address/balance?chainId&currency&forceUpdate` (spec section 7). A Solana or
 * Bitcoin `chainId` (CAIP-2) is read from that chain (`getNamespaceBalances`). With `answers`,
 * an EVM answer is kept whole per chain, account, currency and API origin, never longer than
 * the cached balances and prices it was built from; a forced refresh that is honoured forgets it.
 */
export function balanceRoute({
  networks,
  clients,
  prices,
  cache,
  logger,
  namespaceClients,
  answers,
}: {
  networks: readonly ApiNetwork[]
  clients: ChainClients
  prices: PriceSource
  cache: CacheStore
  logger: Logger
  /** The Solana and Bitcoin networks and their node clients; none without. */
  namespaceClients?: NamespaceClients | undefined
  /** Whole answers kept in memory (bounded, short-lived); none: each one is built. */
  answers?: AnswerCache | undefined
}) {
  const networksById = new Map(networks.map((network) => [network.id, network]))
  const parseBalanceQuery = createQueryParser(balanceQuerySchema)
  return new Hono<AppEnv>().get('/account/:address/balance', async (c) => {
    const address = c.req.param('address')
    if (isNamespaceChainId(c.req.query('chainId'))) {
      const query = parseQuery(balanceQuerySchema, c.req.query())
      const origin = c.get('apiOrigin')
      const balances = await getNamespaceBalances(
        { clients: namespaceClients ?? emptyNamespaceClients, cache },
        {
          // A CAIP-10 account (`solana:{ref}:{address}`) gives its address.
          address: address.slice(address.lastIndexOf(':') + 1),
          chainId: String(query.chainId),
          currency: query.currency,
          forceUpdate: query.forceUpdate === 'true',
          iconUrl: (symbol) => `${origin}/public/getTokenImage/${encodeURIComponent(symbol)}`,
        },
      )
      return c.json({ balances } satisfies BalanceResponse)
    }
    if (!isAddress(address)) throw new InvalidAddressError({ address })
    const query = parseBalanceQuery(c.req)
    // Other namespaces were answered above.
    if (typeof query.chainId !== 'number')
      throw new ChainAdapterNotFoundError({ namespace: query.chainId.split(':')[0] ?? '' })
    const chainId = query.chainId
    const network = networksById.get(chainId)
    const client = clients.get(chainId)
    if (!network || !client) throw new ChainNotSupportedError({ chainId })
    // Honoured once per address and chain every few seconds, or sooner when the chain has a new
    // block; otherwise the cache answers.
    const forceUpdate =
      query.forceUpdate === 'true' &&
      (await allowForceUpdate(
        { cache, getHeadBlock: () => client.getBlockNumber({ cacheTime: 0 }) },
        { key: `balance:${network.id}:${address.toLowerCase()}` },
      ))
    const origin = c.get('apiOrigin')
    const build = async () => {
      let ttlMs = 0
      const balances = await getBalances(
        { client, prices, cache, logger },
        {
          address,
          network,
          currency: query.currency,
          forceUpdate,
          iconUrl: (token) => getTokenImageUrl(origin, network.id, token),
          onTtl: (freshForMs) => {
            ttlMs = freshForMs
          },
        },
      )
      return { value: { balances } satisfies BalanceResponse, cacheable: true, ttlMs }
    }
    if (!answers) return c.json((await build()).value)
    // Everything the answer depends on: icon URLs carry the API's origin.
    const key = JSON.stringify([
      'balance',
      network.id,
      address.toLowerCase(),
      query.currency,
      origin,
    ])
    if (forceUpdate) {
      // The balances are read again and rewritten: no answer built before may be served.
      answers.forget(key)
      const fresh = await build()
      answers.forget(key)
      return c.json(fresh.value)
    }
    return c.body(await answers.read(key, build), 200, { 'Content-Type': 'application/json' })
  })
}

const emptyNamespaceClients: NamespaceClients = {
  networks: { solana: [], bitcoin: [] },
  solana: new Map(),
  bitcoin: new Map(),
}

/** Whether a raw `chainId` is a CAIP-2 id of a namespace other than eip155. */
export function isNamespaceChainId(chainId: string | undefined): chainId is string {
  return chainId !== undefined && /^[-a-z0-9]{3,8}:/.test(chainId) && !chainId.startsWith('eip155:')
}
