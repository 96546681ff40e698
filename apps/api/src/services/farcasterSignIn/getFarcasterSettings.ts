import type { DevnetManifest } from '@latch/api-contract'
import type { LatchConfig } from '@latch/config'
import type { Address } from 'viem'
import { InvalidEnvError } from '../../errors/config.ts'

/** Where Sign In With Farcaster's relay and IdRegistry are, and who said so. */
export type FarcasterSettings = {
  relayUrl: string
  rpcUrl: string
  chainId: number
  idRegistry: Address
  source: 'config' | 'devnet'
}

export type GetFarcasterSettingsParameters = {
  config: Pick<
    LatchConfig,
    | 'LATCH_FARCASTER_RELAY_URL'
    | 'LATCH_FARCASTER_RPC_URL'
    | 'LATCH_FARCASTER_CHAIN_ID'
    | 'LATCH_FARCASTER_ID_REGISTRY'
  >
  /** The devnet manifest, when the API serves the devnet. */
  manifest?: Pick<DevnetManifest, 'farcaster' | 'chains'> | undefined
}

/**
 * Picks Farcaster's settings by the same rule as `listSocialSignIns` offers the button:
 * LATCH_FARCASTER_RELAY_URL (with LATCH_FARCASTER_RPC_URL, _CHAIN_ID and _ID_REGISTRY) when
 * set; else, under the devnet, the manifest's relay and IdRegistry read on its chain; else
 * undefined (not offered). A relay without an RPC URL to check signers against fails at start.
 */
export function getFarcasterSettings({
  config,
  manifest,
}: GetFarcasterSettingsParameters): FarcasterSettings | undefined {
  if (config.LATCH_FARCASTER_RELAY_URL !== undefined) {
    if (config.LATCH_FARCASTER_RPC_URL === undefined)
      throw new InvalidEnvError({
        issues: [
          {
            variable: 'LATCH_FARCASTER_RPC_URL',
            message:
              'Required with LATCH_FARCASTER_RELAY_URL: the RPC of the chain holding the IdRegistry (OP Mainnet for the real one).',
          },
        ],
      })
    return {
      relayUrl: config.LATCH_FARCASTER_RELAY_URL,
      rpcUrl: config.LATCH_FARCASTER_RPC_URL,
      chainId: config.LATCH_FARCASTER_CHAIN_ID,
      idRegistry: config.LATCH_FARCASTER_ID_REGISTRY as Address,
      source: 'config',
    }
  }
  const farcaster = manifest?.farcaster
  const chain = manifest?.chains.find((candidate) => candidate.id === farcaster?.chainId)
  if (!farcaster || !chain) return undefined
  return {
    relayUrl: farcaster.relayUrl,
    rpcUrl: chain.rpcUrl,
    chainId: farcaster.chainId,
    idRegistry: farcaster.idRegistry as Address,
    source: 'devnet',
  }
}
