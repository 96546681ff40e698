import type { SocialProvider } from '@latch/core'

/**
 * How each provider is named on its button and in messages (the API contract's
 * `socialProviderNames`, repeated so that the Connect view does not load the schemas).
 */
export const socialProviderNames: Record<SocialProvider, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}
