import { type NameProfile, nameMessageMaxSkewSeconds } from '@latch/api-contract'
import type { Hex } from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import {
  NameMessageExpiredError,
  NameNotFoundError,
  NameUpdateMismatchError,
  NameUpdateOutdatedError,
} from '../../errors/names.ts'
import type { ApiNetwork } from '../../network.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import type { NameStore } from '../../stores/nameStore.ts'
import { getIdentityCacheKey } from '../identity/getIdentity.ts'
import { checkNameAvatar } from './checkNameAvatar.ts'
import { parseNameAttributesMessage } from './parseNameAttributesMessage.ts'
import { toNameProfile } from './toNameProfile.ts'
import { verifyNameSignature } from './verifyNameSignature.ts'

export type SetNameAttributesDeps = {
  names: NameStore
  clients: ChainClients
  /** The networks: SimpleAccounts of their factories may sign through their owner. */
  networks?: readonly ApiNetwork[] | undefined
  /** The owner's identity cache entry is dropped, so the new avatar shows at once. */
  cache: CacheStore
  /** The server's clock in ms (tests pin it). */
  now?: (() => number) | undefined
}

export type SetNameAttributesParameters = {
  /** The name of the path, any case. */
  name: string
  /** The signed JSON message (`createNameAttributesMessage`). */
  message: string
  signature: Hex
  /** The API's public origin: an `avatar` attribute may point at its images. */
  apiOrigin: string
}

/**
 * Replaces a registered name's attributes (its avatar, bio...) with a message its address
 * signed, with the registration's rules: the message names this name, its timestamp is within
 * 10 minutes of the server's clock and later than the last update's (no replay), the avatar
 * passes `checkNameAvatar`, and the signature is the name's address's (EOA, ERC-1271 or
 * ERC-6492 on the chain it registered for), checked last since it is the dearest. 404 for a
 * free name, 409 when a newer update is stored.
 */
export async function setNameAttributes(
  deps: SetNameAttributesDeps,
  { name, message, signature, apiOrigin }: SetNameAttributesParameters,
): Promise<NameProfile> {
  const parsed = parseNameAttributesMessage(message)
  const asked = name.toLowerCase()
  if (parsed.name !== asked) throw new NameUpdateMismatchError({ name: asked, signed: parsed.name })
  const nowSeconds = Math.floor((deps.now ?? Date.now)() / 1000)
  if (parsed.timestamp < nowSeconds - nameMessageMaxSkewSeconds)
    throw new NameMessageExpiredError({ direction: 'past' })
  if (parsed.timestamp > nowSeconds + nameMessageMaxSkewSeconds)
    throw new NameMessageExpiredError({ direction: 'future' })
  checkNameAvatar(parsed.attributes, { apiOrigin })

  const record = await deps.names.get(asked)
  if (!record) throw new NameNotFoundError({ name: asked })
  if (record.attributesTimestamp !== null && parsed.timestamp <= record.attributesTimestamp)
    throw new NameUpdateOutdatedError({ name: asked })

  await verifyNameSignature(deps, {
    coinType: record.coinType,
    address: record.address,
    message,
    signature,
  })

  const updated = await deps.names.setAttributes({
    name: asked,
    attributes: parsed.attributes,
    timestamp: parsed.timestamp,
    message,
    signature,
  })
  // Another update, signed later, won the race.
  if (!updated) throw new NameUpdateOutdatedError({ name: asked })
  await deps.cache.delete(getIdentityCacheKey(record.address))
  return toNameProfile(updated)
}
