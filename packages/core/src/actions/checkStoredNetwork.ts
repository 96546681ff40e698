import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import type { NetworkNotFoundError } from '../errors/network.ts'
import { getCaipNetwork } from './getCaipNetwork.ts'

/**
 * Checks the network this browser used last (kept across visits) against the app's networks.
 * When the app no longer offers it (its operator removed it), the stored id is replaced by the
 * first network and the `NetworkNotFoundError` is returned, for the page to say so (spec alert
 * "Network Not Found") rather than silently connecting elsewhere.
 */
export function checkStoredNetwork(
  config: Pick<LatchConfig, 'networks' | 'storage'> & Partial<Pick<LatchConfig, 'caipNetworks'>>,
): NetworkNotFoundError | undefined {
  const stored = config.storage.getActiveCaipNetworkId()
  if (!stored) return undefined
  // A Solana or Bitcoin network the app still has.
  if (config.caipNetworks?.some((network) => network.caipNetworkId === stored)) return undefined
  try {
    getCaipNetwork(config, stored)
    return undefined
  } catch (error) {
    const first = config.networks[0]
    if (first) config.storage.setActiveCaipNetworkId(toCaipNetworkId({ reference: first.id }))
    return error as NetworkNotFoundError
  }
}
