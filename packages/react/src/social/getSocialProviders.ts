import type { LatchOptions, SocialProvider } from '@latch/core'

/**
 * The social buttons to show: the app's `options.socials` (in its order; by default the spec's)
 * that the auth backend offers; none when the socials feature is off.
 */
export function getSocialProviders(
  options: Pick<LatchOptions, 'features' | 'socials'>,
  offered: readonly SocialProvider[],
): SocialProvider[] {
  if (!options.features.socials) return []
  return options.socials.filter((provider) => offered.includes(provider))
}
