import { isAddress as isSolanaAddress } from '@solana/kit'
import { isAddress } from 'viem'

/**
 * Whether `text` is an address a transfer on the namespace can go to: for eip155, 40 hex
 * characters whose EIP-55 checksum holds when mixed case; for solana, base58 of 32 bytes.
 * Other namespaces cannot send (spec section 5: 'Unsupported chain'), so none is.
 */
export function isTransferAddress(text: string, namespace = 'eip155'): boolean {
  const trimmed = text.trim()
  if (namespace === 'eip155') return isAddress(trimmed)
  if (namespace === 'solana') return isSolanaAddress(trimmed)
  return false
}
