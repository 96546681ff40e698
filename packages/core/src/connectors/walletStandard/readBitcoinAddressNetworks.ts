import type { LatchBitcoinNetwork } from '../../webConfig/parseLatchWebConfig.ts'

export type BitcoinNetworkName = LatchBitcoinNetwork['network']

const bech32Charset = /^[02-9ac-hj-np-z]+$/
const base58Charset = /^[1-9A-HJ-NP-Za-km-z]+$/

/** Segwit human-readable parts (BIP-173): bc, tb (testnet and signet), bcrt. */
const bech32Networks: Readonly<Record<string, BitcoinNetworkName>> = {
  bc: 'mainnet',
  tb: 'testnet',
  bcrt: 'regtest',
}

/**
 * The networks an address's form belongs to, read from its prefix as wallets and explorers
 * do: a segwit address by its human-readable part (`bc1`, `tb1`, `bcrt1`), a legacy base58
 * one by its leading character (`1`/`3` mainnet; `m`/`n`/`2` testnet, which regtest shares).
 * Undefined when it has no Bitcoin address form. The checksum is not checked here: the API
 * checks every address it is given with bitcoinjs-lib.
 */
export function readBitcoinAddressNetworks(
  address: string,
): readonly BitcoinNetworkName[] | undefined {
  if (address.length > 90) return undefined
  const lower = address.toLowerCase()
  const separator = lower.lastIndexOf('1')
  const hrp = lower.slice(0, separator)
  const segwit = separator > 0 ? bech32Networks[hrp] : undefined
  // Mixed case is not bech32; the data part is 6 checksum characters and a program.
  if (
    segwit &&
    (address === lower || address === address.toUpperCase()) &&
    bech32Charset.test(lower.slice(separator + 1)) &&
    lower.length - separator - 1 >= 14
  )
    return [segwit]
  if (!base58Charset.test(address) || address.length < 26 || address.length > 35) return undefined
  if (address[0] === '1' || address[0] === '3') return ['mainnet']
  if (address[0] === 'm' || address[0] === 'n' || address[0] === '2') return ['testnet', 'regtest']
  return undefined
}
