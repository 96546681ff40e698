import { createEsploraClient, type EsploraClient } from '../bitcoin/createEsploraClient.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'
import { createSolanaRpcClient, type SolanaRpcClient } from '../solana/createSolanaRpcClient.ts'
import type { NamespaceNetworks } from './resolveCaipNetwork.ts'

/** The Solana and Bitcoin networks with their node clients, by CAIP-2 id. */
export type NamespaceClients = {
  networks: NamespaceNetworks
  solana: ReadonlyMap<string, SolanaRpcClient>
  bitcoin: ReadonlyMap<string, EsploraClient>
}

/** What the API needs to serve Solana and Bitcoin: the networks and the guarded fetcher. */
export type NamespaceSettings = {
  networks: NamespaceNetworks
  /** Every call to a Solana node or an Esplora API goes through it. */
  fetch: GuardedFetch
  /** Bound on one node call (default 10 s). */
  timeoutMs?: number | undefined
}

/** One JSON-RPC client per Solana network and one Esplora client per Bitcoin network. */
export function createNamespaceClients({
  networks,
  fetch,
  timeoutMs,
}: NamespaceSettings): NamespaceClients {
  return {
    networks,
    solana: new Map(
      networks.solana.map((network) => [
        network.caipNetworkId,
        createSolanaRpcClient({ network, fetch, timeoutMs }),
      ]),
    ),
    bitcoin: new Map(
      networks.bitcoin.map((network) => [
        network.caipNetworkId,
        createEsploraClient({ network, fetch, timeoutMs }),
      ]),
    ),
  }
}
