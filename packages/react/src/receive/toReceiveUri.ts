/**
 * What the Receive QR code holds for an address of a namespace: Solana Pay's transfer request
 * `solana:{address}`, BIP-21's `bitcoin:{address}`; an EVM address as it is (what EVM wallets
 * scan into their send field).
 */
export function toReceiveUri(namespace: string, address: string): string {
  if (namespace === 'solana') return `solana:${address}`
  if (namespace === 'bip122') return `bitcoin:${address}`
  return address
}
