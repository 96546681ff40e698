import {
  type NameProfile,
  type NameSuggestionsResponse,
  nameProfileQuerySchema,
  nameSuggestionsQuerySchema,
  registerNameBodySchema,
  reverseNamesQuerySchema,
  setNameAttributesBodySchema,
} from '@latch/api-contract'
import { Hono } from 'hono'
import { type Hex, isAddress } from 'viem'
import type { z } from 'zod'
import type { AppEnv } from '../appEnv.ts'
import type { ChainClients } from '../createChainClients.ts'
import { InvalidAddressError, InvalidRequestError } from '../errors/request.ts'
import type { ApiNetwork } from '../network.ts'
import { getNameProfile } from '../services/names/getNameProfile.ts'
import { getReservedNameLabels } from '../services/names/getReservedNameLabels.ts'
import { listAddressNames } from '../services/names/listAddressNames.ts'
import { registerName } from '../services/names/registerName.ts'
import { setNameAttributes } from '../services/names/setNameAttributes.ts'
import { suggestNames } from '../services/names/suggestNames.ts'
import type { CacheStore } from '../stores/cacheStore.ts'
import type { NameStore } from '../stores/nameStore.ts'
import type { WalletRegistryStore } from '../stores/walletRegistryStore.ts'
import { parseQuery } from './parseQuery.ts'
import { readJsonObject } from './readJsonObject.ts'

export type ProfileRouteDeps = {
  names: NameStore
  clients: ChainClients
  /** The networks: SimpleAccounts of their factories may sign through their owner. */
  networks?: readonly ApiNetwork[] | undefined
  cache: CacheStore
  /** Names end with `.<suffix>` (LATCH_NAME_SUFFIX, default `latch.id`). */
  suffix: string
  /** The server's clock in ms (tests pin it). */
  now?: (() => number) | undefined
  /** Names one address may hold (LATCH_NAMES_PER_ADDRESS). */
  namesPerAddress?: number | undefined
  /** Wallets' names are reserved. */
  wallets?: WalletRegistryStore | undefined
}

/**
 * Account names (spec section 7): `POST /v1/profile/account` registers one from a signed
 * message, `GET /v1/profile/account/{name}?chainId` reads it, `GET /v1/profile/reverse/{address}`
 * lists an address's names, `GET /v1/profile/suggestions/{name}` offers free ones and
 * `POST /v1/profile/account/{name}/attributes` changes a name's attributes (its avatar) with a
 * message its address signed. A registration needs no project id (the signature is the
 * authority; see app.ts), as the reference client sends none.
 */
export function profileRoute(deps: ProfileRouteDeps) {
  return new Hono<AppEnv>()
    .post('/profile/account', async (c) => {
      const body = parseBody(registerNameBodySchema, await c.req.text())
      if (!isAddress(body.address)) throw new InvalidAddressError({ address: body.address })
      const { profile, created } = await registerName(deps, {
        coinType: body.coin_type,
        address: body.address,
        message: body.message,
        signature: body.signature as Hex,
        apiOrigin: c.get('apiOrigin'),
      })
      return c.json(profile satisfies NameProfile, created ? 201 : 200)
    })
    .post('/profile/account/:name/attributes', async (c) => {
      const body = parseBody(setNameAttributesBodySchema, await c.req.text())
      const profile = await setNameAttributes(deps, {
        name: c.req.param('name'),
        message: body.message,
        signature: body.signature as Hex,
        apiOrigin: c.get('apiOrigin'),
      })
      return c.json(profile satisfies NameProfile)
    })
    .get('/profile/account/:name', async (c) => {
      const { chainId } = parseQuery(nameProfileQuerySchema, c.req.query())
      const profile = await getNameProfile(deps, { name: c.req.param('name'), chainId })
      return c.json(profile satisfies NameProfile)
    })
    .get('/profile/reverse/:address', async (c) => {
      parseQuery(reverseNamesQuerySchema, c.req.query())
      const address = c.req.param('address')
      if (!isAddress(address)) throw new InvalidAddressError({ address })
      const names = await listAddressNames(deps, { address })
      return c.json(names satisfies NameProfile[])
    })
    .get('/profile/suggestions/:name', async (c) => {
      const { includeRegistered } = parseQuery(nameSuggestionsQuerySchema, c.req.query())
      const reserved = await getReservedNameLabels(deps.wallets)
      const suggestions = await suggestNames(
        { ...deps, reserved },
        {
          name: c.req.param('name'),
          includeRegistered,
        },
      )
      return c.json(suggestions satisfies NameSuggestionsResponse)
    })
}

/** Validates the JSON body; the first problem becomes a 400 naming the field. */
function parseBody<Schema extends z.ZodType>(schema: Schema, text: string): z.output<Schema> {
  const body = readJsonObject(text)
  const result = schema.safeParse(body)
  if (result.success) return result.data
  const [issue] = result.error.issues
  const field = String(issue?.path[0] ?? 'body')
  if (body[field] === undefined) throw new InvalidRequestError({ message: `${field} is required.` })
  const message = issue?.message ?? ''
  throw new InvalidRequestError({
    message: /[.!?]$/.test(message) ? message : `${field} is invalid.`,
  })
}
