import type { DevnetBitcoin } from '@latch/api-contract'
import type { BitcoinNetwork } from '@latch/config'

/** A Bitcoin network the API serves (issue 16): balances and activity from its Esplora API. */
export type BitcoinApiNetwork = {
  namespace: 'bip122'
  /** The CAIP-2 reference: the first 32 hex digits of the genesis block hash. */
  id: string
  caipNetworkId: `bip122:${string}`
  name: string
  /** Which addresses belong to it (their prefixes). */
  network: 'mainnet' | 'testnet' | 'regtest'
  /** Server-side Esplora REST API; never sent to clients. */
  esploraUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  nativePriceUsd: number
  blockExplorerUrl?: string | undefined
  testnet: boolean
}

/** Maps one LATCH_NETWORKS entry of namespace `bip122`. */
export function bitcoinNetworkFromInput(input: BitcoinNetwork): BitcoinApiNetwork {
  return {
    namespace: 'bip122',
    id: input.id,
    caipNetworkId: input.caipNetworkId,
    name: input.name,
    network: input.network,
    esploraUrl: input.esploraUrl,
    nativeCurrency: input.nativeCurrency,
    nativePriceUsd: input.nativePriceUsd ?? 0,
    blockExplorerUrl: input.blockExplorerUrl,
    testnet: input.testnet,
  }
}

/** Maps the devnet manifest's local regtest chain. */
export function bitcoinNetworkFromDevnet(bitcoin: DevnetBitcoin): BitcoinApiNetwork {
  const id = bitcoin.caipNetworkId.slice('bip122:'.length)
  return {
    namespace: 'bip122',
    id,
    caipNetworkId: `bip122:${id}`,
    name: bitcoin.name,
    network: bitcoin.network,
    esploraUrl: bitcoin.esploraUrl,
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
    nativePriceUsd: 0,
    testnet: true,
  }
}
