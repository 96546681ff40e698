import { type Address, isAddress } from 'viem'
import { InvalidAddressError } from '../../errors/request.ts'

export type AccountId = {
  address: Address
  /** Set when the account was written as CAIP-10 (`eip155:1:0x...`). */
  chainId: number | undefined
}

/**
 * Reads a path's account: a 0x address or an EVM CAIP-10 account id. Anything else is an
 * InvalidAddressError (400).
 */
export function parseAccountId(value: string): AccountId {
  const caip10 = /^eip155:(\d{1,15}):(0x[0-9a-fA-F]{40})$/.exec(value)
  const address = caip10 ? caip10[2] : value
  if (!address || !isAddress(address)) throw new InvalidAddressError({ address: value })
  return { address, chainId: caip10 ? Number(caip10[1]) : undefined }
}
