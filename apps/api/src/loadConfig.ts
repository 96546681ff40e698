import type { DevnetManifest } from '@latch/api-contract'
import { isEip155Network } from '@latch/config'
import { defaultAllowedOrigins, type Env } from './env.ts'
import { NoNetworksConfiguredError } from './errors/config.ts'
import { getDevnetManifestPath, loadDevnetManifest } from './loadDevnetManifest.ts'
import { type ApiNetwork, networkFromDevnetChain, networkFromInput } from './network.ts'
import {
  bitcoinNetworkFromDevnet,
  bitcoinNetworkFromInput,
} from './services/bitcoin/bitcoinNetwork.ts'
import type { NamespaceNetworks } from './services/chains/resolveCaipNetwork.ts'
import { solanaNetworkFromDevnet, solanaNetworkFromInput } from './services/solana/solanaNetwork.ts'
import type { ProjectInput } from './stores/projectStore.ts'

/**
 * A project written to the database at start. The devnet's is replaced (its origins stay the
 * local ones); a LATCH_PROJECT_IDS one is only added when missing, so the name and origins
 * given to it with `npm run projects` survive restarts.
 */
export type ProjectSeed = ProjectInput & { keepExisting: boolean }

/** What the API serves, resolved from the environment and (for the devnet) its manifest. */
export type ApiConfig = {
  /** The EVM networks. */
  networks: readonly ApiNetwork[]
  /** The Solana and Bitcoin networks (LATCH_NETWORKS' or the devnet's local chains). */
  namespaceNetworks: NamespaceNetworks
  projects: readonly ProjectSeed[]
  allowedOrigins: readonly string[]
  /** Where the networks came from, for the startup log. */
  source: 'LATCH_NETWORKS' | 'devnet'
  /** The devnet's manifest (its local OpenID provider and Farcaster relay), under the devnet. */
  manifest?: DevnetManifest | undefined
}

/**
 * Resolves networks and projects: LATCH_NETWORKS with LATCH_PROJECT_IDS when set, otherwise
 * the devnet manifest (its project id plus any LATCH_PROJECT_IDS).
 */
export async function loadConfig(env: Env): Promise<ApiConfig> {
  const extraProjects = (env.LATCH_PROJECT_IDS ?? []).map(
    (id): ProjectSeed => ({ id, name: 'Configured', keepExisting: true }),
  )
  if (env.LATCH_NETWORKS)
    return {
      networks: env.LATCH_NETWORKS.filter(isEip155Network).map(networkFromInput),
      namespaceNetworks: {
        solana: env.LATCH_NETWORKS.flatMap((network) =>
          network.namespace === 'solana' ? [solanaNetworkFromInput(network)] : [],
        ),
        bitcoin: env.LATCH_NETWORKS.flatMap((network) =>
          network.namespace === 'bip122' ? [bitcoinNetworkFromInput(network)] : [],
        ),
      },
      projects: extraProjects,
      allowedOrigins: env.LATCH_ALLOWED_ORIGINS,
      source: 'LATCH_NETWORKS',
    }

  const manifest = await loadDevnetManifest(env.LATCH_STATE_DIR)
  if (!manifest)
    throw new NoNetworksConfiguredError({
      manifestPath: getDevnetManifestPath(env.LATCH_STATE_DIR),
    })
  return {
    networks: manifest.chains.map(networkFromDevnetChain),
    // The devnet's local Solana and Bitcoin chains, once it runs them.
    namespaceNetworks: {
      solana: manifest.solana ? [solanaNetworkFromDevnet(manifest.solana)] : [],
      bitcoin: manifest.bitcoin ? [bitcoinNetworkFromDevnet(manifest.bitcoin)] : [],
    },
    projects: [
      {
        id: manifest.projectId,
        name: 'Latch devnet',
        allowedOrigins: defaultAllowedOrigins,
        keepExisting: false,
      },
      ...extraProjects,
    ],
    allowedOrigins: env.LATCH_ALLOWED_ORIGINS,
    source: 'devnet',
    manifest,
  }
}
