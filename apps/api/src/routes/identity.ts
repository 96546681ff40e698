import { type IdentityResponse, identityQuerySchema } from '@latch/api-contract'
import { Hono } from 'hono'
import { isAddress } from 'viem'
import type { AppEnv } from '../appEnv.ts'
import { InvalidAddressError, InvalidRequestError } from '../errors/request.ts'
import { getIdentity } from '../services/identity/getIdentity.ts'
import type { NameResolver } from '../services/identity/nameResolver.ts'
import type { CacheStore } from '../stores/cacheStore.ts'
import { createQueryParser } from './createQueryParser.ts'

/**
 * `GET /v1/identity/:address?sender` (spec section 7): the address's name and avatar. `sender`
 * (the reference client sends the connected account) must be an address (400 otherwise); when
 * it is the address itself the answer is read fresh, past the 5-minute cache.
 */
export function identityRoute({ names, cache }: { names: NameResolver; cache: CacheStore }) {
  const parseIdentityQuery = createQueryParser(identityQuerySchema)
  return new Hono<AppEnv>().get('/identity/:address', async (c) => {
    const address = c.req.param('address')
    if (!isAddress(address)) throw new InvalidAddressError({ address })
    const { sender } = parseIdentityQuery(c.req)
    if (sender !== undefined && !isAddress(sender))
      throw new InvalidRequestError({
        message: 'sender must be an address (0x and 40 hex digits).',
      })
    const identity = await getIdentity({ names, cache }, { address, sender })
    return c.json(identity satisfies IdentityResponse)
  })
}
