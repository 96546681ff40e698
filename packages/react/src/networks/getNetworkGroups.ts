import { type LatchCaipNetwork, type LatchNamespace, namespaceOf } from '@latch/core'
import { getNetworkTag, type NetworkTag } from './getNetworkTag.ts'

/** A network row of any namespace. */
export type CaipNetworkOption = {
  caipNetworkId: string
  name: string
  /** eip155 only: the chain id (its icon, and the row's test id `network-{id}`). */
  chainId?: number | undefined
  tag?: NetworkTag | undefined
}

/** The networks of one namespace, under its heading. */
export type NetworkGroup = {
  namespace: LatchNamespace
  networks: CaipNetworkOption[]
}

/**
 * The configured networks grouped by namespace (EVM, Solana, Bitcoin), each group where its
 * first network stands in the configured order and its networks in order.
 */
export function getNetworkGroups(networks: readonly LatchCaipNetwork[]): NetworkGroup[] {
  const groups: NetworkGroup[] = []
  for (const network of networks) {
    const namespace = namespaceOf(network)
    let group = groups.find((entry) => entry.namespace === namespace)
    if (!group) {
      group = { namespace, networks: [] }
      groups.push(group)
    }
    const testnet = 'testnet' in network ? (network.testnet as boolean | undefined) : undefined
    const tag =
      network.namespace === undefined || network.namespace === 'eip155'
        ? getNetworkTag(network)
        : network.namespace === 'bip122'
          ? network.network === 'regtest'
            ? 'devnet'
            : network.network === 'testnet'
              ? 'testnet'
              : undefined
          : getNetworkTag({ id: 0, name: network.name, testnet })
    group.networks.push({
      caipNetworkId: network.caipNetworkId,
      name: network.name,
      ...(network.namespace === undefined || network.namespace === 'eip155'
        ? { chainId: network.id }
        : {}),
      ...(tag ? { tag } : {}),
    })
  }
  return groups
}
