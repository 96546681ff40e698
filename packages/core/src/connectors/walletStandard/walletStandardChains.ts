import type { LatchCaipNetwork } from '../../webConfig/parseLatchWebConfig.ts'

/**
 * The Wallet Standard names of the public Solana clusters (`@solana/wallet-standard-chains`),
 * by genesis reference. A network of another genesis (the devnet's own) matches only a wallet
 * that lists its CAIP-2 id: no wallet can take it for a public cluster.
 */
const solanaClusters: Readonly<Record<string, string>> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'solana:mainnet',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'solana:devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'solana:testnet',
}

/**
 * The chain a Wallet Standard wallet lists for `network`, if any: its CAIP-2 id, else the
 * cluster name (Solana) or `bitcoin:{mainnet|testnet|regtest}` (Bitcoin).
 */
export function toWalletChain(
  network: LatchCaipNetwork,
  walletChains: readonly string[],
): string | undefined {
  const names =
    network.namespace === 'solana'
      ? [solanaClusters[network.reference]]
      : network.namespace === 'bip122'
        ? [`bitcoin:${network.network}`]
        : []
  return [network.caipNetworkId, ...names].find(
    (name): name is string => name !== undefined && walletChains.includes(name),
  )
}
