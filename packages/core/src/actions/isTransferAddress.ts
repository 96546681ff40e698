import { isAddress } from 'viem'

/**
 * Whether `text` is an address a transfer on the namespace can go to: for eip155, 40 hex
 * characters whose EIP-55 checksum holds when mixed case.
 */
export function isTransferAddress(text: string, namespace = 'eip155'): boolean {
  return namespace === 'eip155' && isAddress(text.trim())
}
