import * as ecc from '@bitcoinerlab/secp256k1'
import { address as bitcoinAddress, initEccLib, networks } from 'bitcoinjs-lib'
import {
  BitcoinAddressNetworkError,
  InvalidBitcoinAddressError,
} from '../../errors/chainNamespace.ts'
import type { BitcoinApiNetwork } from './bitcoinNetwork.ts'

// Taproot (bc1p...) addresses are checked as x-only public keys: bitcoinjs-lib needs an ECC lib.
initEccLib(ecc)

const bitcoinjsNetworks = {
  mainnet: networks.bitcoin,
  testnet: networks.testnet,
  regtest: networks.regtest,
} as const

/** Whether the address decodes (checksum, version, witness program) for one network. */
function belongsTo(value: string, network: keyof typeof bitcoinjsNetworks): boolean {
  try {
    bitcoinAddress.toOutputScript(value, bitcoinjsNetworks[network])
    return true
  } catch {
    return false
  }
}

/**
 * A Bitcoin address of `network` (P2PKH, P2SH, P2WPKH, P2WSH, P2TR). One of another network
 * is refused saying which ("This is a Bitcoin mainnet address; this network is regtest.");
 * anything else is InvalidBitcoinAddressError.
 */
export function parseBitcoinAddress(
  value: string,
  { network }: Pick<BitcoinApiNetwork, 'network'>,
): string {
  if (value.length <= 90 && belongsTo(value, network)) return value
  if (value.length <= 90)
    for (const other of ['mainnet', 'testnet', 'regtest'] as const)
      if (other !== network && belongsTo(value, other))
        throw new BitcoinAddressNetworkError({ addressNetwork: other, network })
  throw new InvalidBitcoinAddressError({ address: value })
}
