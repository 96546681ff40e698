import { type NameProfile, nameMessageMaxSkewSeconds } from '@latch/api-contract'
import { type Address, type Hex, isAddressEqual } from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import { NameMessageExpiredError, NameTakenError } from '../../errors/names.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import type { NameStore } from '../../stores/nameStore.ts'
import { getIdentityCacheKey } from '../identity/getIdentity.ts'
import { parseNameMessage } from './parseNameMessage.ts'
import { toNameProfile } from './toNameProfile.ts'
import { verifyNameSignature } from './verifyNameSignature.ts'

export type RegisterNameDeps = {
  names: NameStore
  clients: ChainClients
  /** The identity cache entry of the address is dropped, so its new name shows at once. */
  cache: CacheStore
  /** Names end with `.<suffix>` (LATCH_NAME_SUFFIX). */
  suffix: string
  /** The server's clock in ms (tests pin it). */
  now?: (() => number) | undefined
}

export type RegisterNameParameters = {
  /** ENSIP-11 coin type the account is on (60, or 2147483648 + chain id). */
  coinType: number
  address: Address
  /** The signed JSON message (`createNameMessage`). */
  message: string
  signature: Hex
}

export type RegisterNameReturnType = {
  profile: NameProfile
  /** False when the address had already registered this very name (a retried request). */
  created: boolean
}

/**
 * Registers the name in a message the account signed: checks the message (name under the
 * suffix, a valid label, a timestamp within 10 minutes), then the signature (EOA, ERC-1271 or
 * ERC-6492), then takes the name unless another address holds it (a 409).
 */
export async function registerName(
  deps: RegisterNameDeps,
  { coinType, address, message, signature }: RegisterNameParameters,
): Promise<RegisterNameReturnType> {
  const parsed = parseNameMessage(message, { suffix: deps.suffix })
  const nowSeconds = Math.floor((deps.now ?? Date.now)() / 1000)
  // Both ways: a message dated ahead could otherwise be replayed until its time comes.
  if (parsed.timestamp < nowSeconds - nameMessageMaxSkewSeconds)
    throw new NameMessageExpiredError({ direction: 'past' })
  if (parsed.timestamp > nowSeconds + nameMessageMaxSkewSeconds)
    throw new NameMessageExpiredError({ direction: 'future' })

  await verifyNameSignature(deps, { coinType, address, message, signature })

  const result = await deps.names.insert({
    name: parsed.name,
    address,
    coinType,
    attributes: parsed.attributes,
    message,
    signature,
  })
  if (!result.inserted) {
    if (!isAddressEqual(result.existing.address, address))
      throw new NameTakenError({ name: parsed.name })
    return { profile: toNameProfile(result.existing), created: false }
  }
  await deps.cache.delete(getIdentityCacheKey(address))
  return { profile: toNameProfile(result.record), created: true }
}
