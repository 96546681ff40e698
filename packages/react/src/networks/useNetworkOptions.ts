import { useMemo } from 'react'
import { useConfig } from '../hooks/useConfig.ts'
import { getNetworkTag } from './getNetworkTag.ts'
import type { NetworkOption } from './NetworkList.tsx'

/** The configured networks as the network list shows them. */
export function useNetworkOptions(): readonly NetworkOption[] {
  const { networks } = useConfig()
  return useMemo(
    () =>
      networks.map((network) => ({
        id: network.id,
        name: network.name,
        tag: getNetworkTag(network),
      })),
    [networks],
  )
}
