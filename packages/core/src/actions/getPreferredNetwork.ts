import type { LatchConfig } from '../createLatchConfig.ts'
import type { LatchCaipNetwork, LatchNamespace } from '../webConfig/parseLatchWebConfig.ts'

/** A namespace's last used network when the app still configures it, else its first. */
export function getPreferredNetwork(
  config: Pick<LatchConfig, 'caipNetworks' | 'storage'>,
  namespace: LatchNamespace,
): LatchCaipNetwork | undefined {
  const stored = config.storage.getActiveCaipNetworkId()
  const networks = config.caipNetworks.filter(
    (network) => (network.namespace ?? 'eip155') === namespace,
  )
  return networks.find((network) => network.caipNetworkId === stored) ?? networks[0]
}
