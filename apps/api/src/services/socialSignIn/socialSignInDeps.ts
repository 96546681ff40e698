import type { SocialProvider } from '@latch/api-contract'
import type { Project } from '../../stores/projectStore.ts'
import type { EmbeddedWalletServiceDeps } from '../embeddedWallet/embeddedWalletDeps.ts'
import type { SocialProviderClient } from './createSocialProviderClients.ts'

/** Caps on social sign-in: every write path has one. */
export type SocialSignInLimits = {
  /** Sign-ins one device may start per hour. */
  startsPerDevicePerHour: number
  /** Sign-ins one client IP may start per hour (only when rate limits are on). */
  startsPerIpPerHour: number
  /** Verifications one client IP may ask for per hour (only when rate limits are on). */
  verifiesPerIpPerHour: number
  /** Unfinished flows one device keeps; past it the oldest is dropped. */
  openFlowsPerDevice: number
}

export const defaultSocialSignInLimits: SocialSignInLimits = {
  startsPerDevicePerHour: 30,
  startsPerIpPerHour: 120,
  verifiesPerIpPerHour: 300,
  openFlowsPerDevice: 5,
}

/** What social sign-in needs besides the embedded wallet's services. */
export type SocialSignInDeps = EmbeddedWalletServiceDeps & {
  /** The configured providers (absent ones answer PROVIDER_NOT_CONFIGURED). */
  providers: Partial<Record<SocialProvider, SocialProviderClient>>
  socialLimits: SocialSignInLimits
  /** Whether `appOrigin` may use this project (its allowed origins, as the API's CORS). */
  isAllowedOrigin: (project: Project, origin: string) => boolean
}
