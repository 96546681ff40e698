import { type NameProfile, nameMessageMaxSkewSeconds } from '@latch/api-contract'
import { type Address, type Hex, isAddressEqual } from 'viem'
import type { ChainClients } from '../../createChainClients.ts'
import { NameMessageExpiredError, NameTakenError } from '../../errors/names.ts'
import type { ApiNetwork } from '../../network.ts'
import type { CacheStore } from '../../stores/cacheStore.ts'
import type { NameStore } from '../../stores/nameStore.ts'
import type { WalletRegistryStore } from '../../stores/walletRegistryStore.ts'
import { getIdentityCacheKey } from '../identity/getIdentity.ts'
import { checkNameAllowed } from './checkNameAllowed.ts'
import { checkNameAvatar } from './checkNameAvatar.ts'
import { getNameSkeleton } from './getNameSkeleton.ts'
import { getReservedNameLabels } from './getReservedNameLabels.ts'
import { parseNameMessage } from './parseNameMessage.ts'
import { toNameProfile } from './toNameProfile.ts'
import { verifyNameSignature } from './verifyNameSignature.ts'

export type RegisterNameDeps = {
  names: NameStore
  clients: ChainClients
  /** The networks: SimpleAccounts of their factories may sign through their owner. */
  networks?: readonly ApiNetwork[] | undefined
  /** The identity cache entry of the address is dropped, so its new name shows at once. */
  cache: CacheStore
  /** Names end with `.<suffix>` (LATCH_NAME_SUFFIX). */
  suffix: string
  /** The server's clock in ms (tests pin it). */
  now?: (() => number) | undefined
  /** Names one address may hold (LATCH_NAMES_PER_ADDRESS; default 3). */
  namesPerAddress?: number | undefined
  /** The wallet registry: wallets' names are reserved. */
  wallets?: WalletRegistryStore | undefined
}

/** Names one address may hold when no setting says otherwise. */
export const defaultNamesPerAddress = 3

export type RegisterNameParameters = {
  /** ENSIP-11 coin type the account is on (60, or 2147483648 + chain id). */
  coinType: number
  address: Address
  /** The signed JSON message (`createNameMessage`). */
  message: string
  signature: Hex
  /** The API's public origin: an `avatar` attribute may point at its images. */
  apiOrigin: string
}

export type RegisterNameReturnType = {
  profile: NameProfile
  /** False when the address had already registered this very name (a retried request). */
  created: boolean
}

/**
 * Registers the name in a message the account signed: checks the message (name under the
 * suffix, a valid label, a timestamp within 10 minutes, an `avatar` that `checkNameAvatar`
 * accepts), that the name is free and allowed
 * (`checkNameAllowed`: not reserved, `xn--` or a look-alike, within the address's quota), then
 * the signature (EOA, ERC-1271 or ERC-6492), then takes the name unless another address won it
 * meanwhile (a 409). A contract account's name resolves on the chain it proved itself on;
 * registering it again from another chain adds that chain.
 */
export async function registerName(
  deps: RegisterNameDeps,
  { coinType, address, message, signature, apiOrigin }: RegisterNameParameters,
): Promise<RegisterNameReturnType> {
  const parsed = parseNameMessage(message, { suffix: deps.suffix })
  const nowSeconds = Math.floor((deps.now ?? Date.now)() / 1000)
  // Both ways: a message dated ahead could otherwise be replayed until its time comes.
  if (parsed.timestamp < nowSeconds - nameMessageMaxSkewSeconds)
    throw new NameMessageExpiredError({ direction: 'past' })
  if (parsed.timestamp > nowSeconds + nameMessageMaxSkewSeconds)
    throw new NameMessageExpiredError({ direction: 'future' })
  checkNameAvatar(parsed.attributes, { apiOrigin })

  // The cheap refusals first: a taken or refused name costs no signature check.
  const existing = await deps.names.get(parsed.name)
  if (existing && !isAddressEqual(existing.address, address))
    throw new NameTakenError({ name: parsed.name })
  if (!existing)
    await checkNameAllowed(
      {
        names: deps.names,
        reserved: await getReservedNameLabels(deps.wallets),
        namesPerAddress: deps.namesPerAddress ?? defaultNamesPerAddress,
      },
      { name: parsed.name, label: parsed.label, address },
    )

  const { chainIds } = await verifyNameSignature(deps, { coinType, address, message, signature })

  const result = await deps.names.insert({
    name: parsed.name,
    address,
    coinType,
    attributes: parsed.attributes,
    message,
    signature,
    chainIds,
    skeleton: getNameSkeleton(parsed.name),
  })
  if (!result.inserted) {
    if (!isAddressEqual(result.existing.address, address))
      throw new NameTakenError({ name: parsed.name })
    const [chainId] = chainIds ?? []
    if (chainId !== undefined && result.existing.chainIds?.includes(chainId) === false) {
      await deps.names.addChainId(parsed.name, chainId)
      const updated = await deps.names.get(parsed.name)
      if (updated) return { profile: toNameProfile(updated), created: false }
    }
    return { profile: toNameProfile(result.existing), created: false }
  }
  await deps.cache.delete(getIdentityCacheKey(address))
  return { profile: toNameProfile(result.record), created: true }
}
