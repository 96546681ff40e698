import type { LatchFeatures, WalletFeature } from '@latch/core'

/**
 * The wallet features Latch has a screen for: Receive and Send (swaps and the on-ramp come
 * later), so the account view shows no dead feature button.
 */
export const builtWalletFeatures: readonly WalletFeature[] = ['receive', 'send']

/**
 * The feature buttons of the account view, in the configured order
 * (`options.walletFeaturesOrder`, spec default onramp, swaps, receive, send): only features
 * switched on in `options.features` and built, each once.
 */
export function getWalletFeatures(parameters: {
  order: readonly WalletFeature[]
  features: Pick<LatchFeatures, WalletFeature>
  built?: readonly WalletFeature[] | undefined
}): WalletFeature[] {
  const built = parameters.built ?? builtWalletFeatures
  return [...new Set(parameters.order)].filter(
    (feature) => parameters.features[feature] && built.includes(feature),
  )
}
