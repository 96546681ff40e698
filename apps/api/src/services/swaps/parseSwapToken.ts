import { isNativeCoinAddress } from '@latch/api-contract'
import { type Address, getAddress } from 'viem'
import { InvalidRequestError } from '../../errors/request.ts'
import { createBoundedMap } from './createBoundedMap.ts'
import { swapNativeAddress } from './swapSource.ts'

/** A CAIP-10 token address read: its chain and address (`swapNativeAddress` for the native coin). */
export type SwapToken = { chainId: number; address: Address; native: boolean }

/** Reads `eip155:{chainId}:0x...` (the contract's schema has checked the form). */
export function parseSwapToken(caip10: string): SwapToken {
  const [, chain, hex] = caip10.split(':')
  const native = isNativeCoinAddress(hex)
  return {
    chainId: Number(chain),
    address: native ? swapNativeAddress : getAddress((hex as string).toLowerCase()),
    native,
  }
}

/** A swap's two tokens, as read by `parseSwapPair`: shared, never changed. */
export type SwapPair = Readonly<{ from: Readonly<SwapToken>; to: Readonly<SwapToken> }>

/**
 * Pairs already read, by their two strings (a quote is polled as the amount is typed, with the
 * same pair each time); a refused pair is not kept. Bounded: the least recently read go first.
 */
const pairsRead = createBoundedMap<string, SwapPair>(1_000)

/** `from` and `to` of one swap: both on one chain, and not the same token. */
export function parseSwapPair(from: string, to: string): SwapPair {
  const key = `${from} ${to}`
  const known = pairsRead.get(key)
  if (known) return known
  const pair = Object.freeze({
    from: Object.freeze(parseSwapToken(from)),
    to: Object.freeze(parseSwapToken(to)),
  })
  if (pair.from.chainId !== pair.to.chainId)
    throw new InvalidRequestError({
      message: 'from and to must be on the same chain (a swap is not a bridge).',
    })
  if (pair.from.address === pair.to.address)
    throw new InvalidRequestError({ message: 'from and to are the same token.' })
  pairsRead.set(key, pair)
  return pair
}

/** A user address given bare or as CAIP-10; a CAIP-10 one must be on `chainId`. */
export function parseSwapUser(userAddress: string, chainId: number): Address {
  const parts = userAddress.split(':')
  if (parts.length === 3 && Number(parts[1]) !== chainId)
    throw new InvalidRequestError({
      message: `userAddress is on chain eip155:${parts[1]}, the tokens on eip155:${chainId}.`,
    })
  return getAddress((parts.at(-1) as string).toLowerCase())
}
