import { type FungiblePrice, fungiblePriceBodySchema } from '@latch/api-contract'
import { Hono } from 'hono'
import type { z } from 'zod'
import type { AppEnv } from '../appEnv.ts'
import type { ChainClients } from '../createChainClients.ts'
import { InvalidRequestError } from '../errors/request.ts'
import type { ApiNetwork } from '../network.ts'
import { getFungiblePrices } from '../services/prices/getFungiblePrices.ts'
import type { PriceSource } from '../services/prices/priceSource.ts'
import type { CacheStore } from '../stores/cacheStore.ts'
import { readJsonObject } from './readJsonObject.ts'
import { getTokenImageUrl } from './tokenImage.ts'

/**
 * `POST /v1/fungible/price` with `{ currency, addresses, projectId }` (spec section 7):
 * `{ fungibles }`, the price of each CAIP-10 token address the price source can price.
 */
export function fungiblePriceRoute(deps: {
  networks: readonly ApiNetwork[]
  clients: ChainClients
  prices: PriceSource
  cache: CacheStore
}) {
  return new Hono<AppEnv>().post('/fungible/price', async (c) => {
    const body = parseBody(readJsonObject(await c.req.text()))
    const origin = c.get('apiOrigin')
    const fungibles = await getFungiblePrices(deps, {
      addresses: body.addresses,
      currency: body.currency,
      iconUrl: (chainId, address) => getTokenImageUrl(origin, chainId, address),
    })
    return c.json({ fungibles } satisfies { fungibles: FungiblePrice[] })
  })
}

/** Validates the body; the first problem becomes a 400 naming the field. */
function parseBody(body: Record<string, unknown>): z.output<typeof fungiblePriceBodySchema> {
  const result = fungiblePriceBodySchema.safeParse(body)
  if (result.success) return result.data
  const [issue] = result.error.issues
  const name = String(issue?.path[0] ?? 'body')
  const value = (body as Record<string, unknown>)[name]
  if (value === undefined) throw new InvalidRequestError({ message: `${name} is required.` })
  if (issue?.code === 'invalid_value')
    throw new InvalidRequestError({
      message: `${name} must be one of ${issue.values.map((option) => JSON.stringify(option)).join(', ')}.`,
    })
  if (issue?.code === 'invalid_type')
    throw new InvalidRequestError({
      message:
        issue.path.length > 1
          ? `Each entry of ${name} must be a ${issue.expected}.`
          : `${name} must be a${/^[aeiou]/.test(issue.expected) ? 'n' : ''} ${issue.expected}.`,
    })
  throw new InvalidRequestError({ message: issue?.message ?? 'The request body is invalid.' })
}
