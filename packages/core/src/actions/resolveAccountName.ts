import { nameProfileSchema } from '@latch/api-contract'
import { getAddress, isAddress } from 'viem'
import type { LatchConfig } from '../createLatchConfig.ts'
import { AccountNameResolutionError } from '../errors/transfer.ts'
import { requestApi } from '../utils/requestApi.ts'

export type ResolveAccountNameParameters = {
  /** The full name, e.g. "alice.latch.id" (any case). */
  name: string
  /** The chain the address is for: its ENSIP-11 entry wins over the EVM one ("60"). */
  chainId?: number | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

export type ResolveAccountNameReturnType = {
  /** The name in lower case, as registered. */
  name: string
  /** EIP-55. */
  address: string
}

export type ResolveAccountNameErrorType = AccountNameResolutionError

/** ENSIP-11's coin type of EVM addresses, which every registered name has. */
const evmCoinType = '60'

/** ENSIP-11's coin type of an EVM chain: 60 for Ethereum, 2^31 + the chain id for others. */
const toCoinType = (chainId: number) => String(chainId === 1 ? 60 : 0x80000000 + chainId)

/**
 * The full account name in `text` (lower case) when it reads as one: `{label}.{suffix}`
 * ("alice.latch.id"), the label of letters, digits and hyphens. Whether it is registered (and
 * long enough: spec section 5) is the API's answer. Otherwise undefined.
 */
export function parseAccountName(text: string, suffix: string): string | undefined {
  const name = text.trim().toLowerCase()
  const ending = `.${suffix.toLowerCase()}`
  if (!name.endsWith(ending)) return undefined
  return /^[a-z0-9-]+$/.test(name.slice(0, -ending.length)) ? name : undefined
}

/**
 * Resolves a registered account name to its address through the Latch API
 * (`GET /v1/profile/account/{name}?chainId`): the address for `chainId` when the name has one,
 * else its EVM address. An unknown name (404), one with no address on `chainId` (a contract
 * account's name resolves only on the chains it was registered for), one without an address
 * or a failed call is an `AccountNameResolutionError` (spec section 8: 'Error resolving name').
 */
export async function resolveAccountName(
  config: LatchConfig,
  parameters: ResolveAccountNameParameters,
): Promise<ResolveAccountNameReturnType> {
  const accountName = parameters.name.trim().toLowerCase()
  const profile = await requestApi(config, {
    path: `/v1/profile/account/${encodeURIComponent(accountName)}`,
    // The API answers 404 when the name has no address on the chain (a contract account's
    // name registered for another chain): nobody pays an address that is not the account there.
    query: { chainId: parameters.chainId },
    signal: parameters.signal,
    schema: nameProfileSchema,
    toError: (failure) => new AccountNameResolutionError({ ...failure, accountName }),
  })
  const coinTypes = [
    ...(parameters.chainId === undefined ? [] : [toCoinType(parameters.chainId)]),
    evmCoinType,
  ]
  for (const coinType of coinTypes) {
    const address = profile.addresses[coinType]?.address
    if (address !== undefined && isAddress(address, { strict: false }))
      return { name: profile.name, address: getAddress(address) }
  }
  throw new AccountNameResolutionError({ accountName, details: 'The name has no address.' })
}
