import { isRestrictedTimeZone, type LatchFeatures, type WalletFeature } from '@latch/core'

/**
 * The wallet features Latch has a screen for: Buy (the on-ramp), Swap, Receive and Send, so the
 * account view shows no dead feature button.
 */
export const builtWalletFeatures: readonly WalletFeature[] = ['onramp', 'swaps', 'receive', 'send']

/** Features a user in a restricted time zone never sees (spec section 9). */
const restrictedFeatures: readonly WalletFeature[] = ['onramp', 'swaps']

/**
 * The feature buttons of the account view, in the configured order
 * (`options.walletFeaturesOrder`, spec default onramp, swaps, receive, send): only features
 * switched on in `options.features` and built, each once. A user whose time zone is one of
 * `restrictedTimeZones` (`options.restrictedTimeZones`) sees neither on-ramp nor swaps;
 * `timeZone` defaults to the browser's (`Intl.DateTimeFormat().resolvedOptions().timeZone`).
 */
export function getWalletFeatures(parameters: {
  order: readonly WalletFeature[]
  features: Pick<LatchFeatures, WalletFeature>
  built?: readonly WalletFeature[] | undefined
  restrictedTimeZones?: readonly string[] | undefined
  timeZone?: string | undefined
}): WalletFeature[] {
  const built = parameters.built ?? builtWalletFeatures
  const restricted =
    parameters.restrictedTimeZones !== undefined &&
    isRestrictedTimeZone(
      parameters.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
      parameters.restrictedTimeZones,
    )
  return [...new Set(parameters.order)].filter(
    (feature) =>
      parameters.features[feature] &&
      built.includes(feature) &&
      !(restricted && restrictedFeatures.includes(feature)),
  )
}
