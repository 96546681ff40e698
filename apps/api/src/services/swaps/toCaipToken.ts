import { nativeCoinAddress } from '@latch/api-contract'
import type { Address } from 'viem'
import { sameAddress } from './sameAddress.ts'
import { swapNativeAddress } from './swapSource.ts'

/** A token as CAIP-10 on `chainId`; the native coin as `0xeeee...eeee` (the contract's spelling). */
export function toCaipToken(chainId: number, address: Address): string {
  return `eip155:${chainId}:${sameAddress(address, swapNativeAddress) ? nativeCoinAddress : address}`
}
