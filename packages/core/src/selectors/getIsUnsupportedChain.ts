import type { LatchConfig, LatchState } from '../createLatchConfig.ts'

/**
 * Whether the connected wallet is on a chain the app did not configure. The React layer
 * opens the UnsupportedChain view when this is true, unless `options.allowUnsupportedChain`.
 */
export function getIsUnsupportedChain(
  state: Pick<LatchState, 'status' | 'chainId'>,
  config: Pick<LatchConfig, 'networks'>,
): boolean {
  return (
    state.status === 'connected' &&
    state.chainId !== undefined &&
    !config.networks.some((network) => network.id === state.chainId)
  )
}
