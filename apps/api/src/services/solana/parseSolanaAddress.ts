import { type Address, isAddress } from '@solana/kit'
import { InvalidSolanaAddressError } from '../../errors/chainNamespace.ts'

/** A Solana address (base58 of 32 bytes), or InvalidSolanaAddressError in clear words. */
export function parseSolanaAddress(value: string): Address {
  if (!isAddress(value)) throw new InvalidSolanaAddressError({ address: value })
  return value
}
