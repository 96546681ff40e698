import { address, networks } from 'bitcoinjs-lib'
import { BitcoinRequestError } from './bitcoinErrors.ts'
import { regtest } from './regtest.ts'

/**
 * The output script of a regtest address (`bcrt1q...`, `bcrt1p...`, or testnet-style base58,
 * which regtest shares). A mainnet or testnet address is refused in words that say so.
 */
export function toRegtestOutputScript(value: string): Uint8Array {
  if (value.length > 100) throw new BitcoinRequestError('Invalid Bitcoin address (too long).')
  try {
    return address.toOutputScript(value, regtest)
  } catch {
    for (const [name, network] of [
      ['mainnet', networks.bitcoin],
      ['testnet', networks.testnet],
    ] as const) {
      try {
        address.toOutputScript(value, network)
        throw new BitcoinRequestError(
          `This is a Bitcoin ${name} address; this network is regtest (addresses start with bcrt1).`,
        )
      } catch (error) {
        if (error instanceof BitcoinRequestError) throw error
      }
    }
    throw new BitcoinRequestError(`Invalid Bitcoin address "${value}".`)
  }
}
