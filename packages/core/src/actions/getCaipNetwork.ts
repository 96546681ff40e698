import type { LatchConfig } from '../createLatchConfig.ts'
import { NetworkNotFoundError } from '../errors/network.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'

/**
 * The app's network a CAIP-2 id names ("eip155:8453"), from a link, a WalletConnect session
 * or the page's settings; a `NetworkNotFoundError` (spec alert "Network Not Found") when the
 * app is not configured with it.
 */
export function getCaipNetwork(
  config: Pick<LatchConfig, 'networks'>,
  caipNetworkId: string,
): LatchNetwork {
  const network = config.networks.find((entry) => entry.caipNetworkId === caipNetworkId)
  if (!network)
    throw new NetworkNotFoundError(
      caipNetworkId,
      config.networks.map((entry) => entry.caipNetworkId),
    )
  return network
}
