import type { DevnetSolana } from '@latch/api-contract'
import type { SolanaNetwork } from '@latch/config'

/** An SPL token whose balance the API reports. */
export type SolanaApiToken = {
  mint: string
  name: string
  symbol: string
  decimals: number
  /** USD price of one whole token; 0 when unknown. */
  priceUsd: number
}

/** A Solana network the API serves (issue 16), with what the server alone needs (its RPC URL). */
export type SolanaApiNetwork = {
  namespace: 'solana'
  /** The CAIP-2 reference: the first 32 characters of the genesis hash. */
  id: string
  caipNetworkId: `solana:${string}`
  name: string
  /** Server-side JSON-RPC; may hold a provider key, so it is never sent to clients. */
  rpcUrl: string
  wsUrl?: string | undefined
  nativeCurrency: { name: string; symbol: string; decimals: number }
  nativePriceUsd: number
  blockExplorerUrl?: string | undefined
  testnet: boolean
  tokens: readonly SolanaApiToken[]
  /**
   * The API's JSON-RPC relay serves `requestAirdrop` here: the devnet's own chain only, never
   * a public cluster (whose faucet would be drained through the operator's node key).
   */
  airdrop?: boolean | undefined
}

/** Maps one LATCH_NETWORKS entry of namespace `solana`. */
export function solanaNetworkFromInput(input: SolanaNetwork): SolanaApiNetwork {
  return {
    namespace: 'solana',
    id: input.id,
    caipNetworkId: input.caipNetworkId,
    name: input.name,
    rpcUrl: input.rpcUrl,
    wsUrl: input.wsUrl,
    nativeCurrency: input.nativeCurrency,
    nativePriceUsd: input.nativePriceUsd ?? 0,
    blockExplorerUrl: input.blockExplorerUrl,
    testnet: input.testnet,
    tokens: input.tokens.map((token) => ({ ...token, priceUsd: token.priceUsd ?? 0 })),
  }
}

/** Maps the devnet manifest's local Solana chain; its USD-like mint is priced at 1. */
export function solanaNetworkFromDevnet(solana: DevnetSolana): SolanaApiNetwork {
  const id = solana.caipNetworkId.slice('solana:'.length)
  return {
    namespace: 'solana',
    id,
    caipNetworkId: `solana:${id}`,
    name: solana.name,
    rpcUrl: solana.rpcUrl,
    wsUrl: solana.wsUrl,
    nativeCurrency: solana.nativeCurrency,
    nativePriceUsd: 0,
    testnet: true,
    airdrop: true,
    tokens: solana.tokens.map((token, index) => ({
      mint: token.mint,
      name: token.name,
      symbol: token.symbol,
      decimals: token.decimals,
      // The manifest lists the USD-like token first (schema's promise).
      priceUsd: index === 0 ? 1 : 0,
    })),
  }
}
