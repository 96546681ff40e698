import type { EmbeddedWalletServiceDeps } from '../embeddedWallet/embeddedWalletDeps.ts'
import type { FarcasterIdRegistry } from './createFarcasterIdRegistry.ts'
import type { FarcasterRelayClient } from './createFarcasterRelayClient.ts'

/** Caps on Sign In With Farcaster: every write path has one. */
export type FarcasterSignInLimits = {
  /** Sign-ins one device may start per hour. */
  startsPerDevicePerHour: number
  /** Sign-ins one client IP may start per hour (only when rate limits are on). */
  startsPerIpPerHour: number
  /** Unfinished Farcaster flows one device keeps; past it the oldest is dropped. */
  openFlowsPerDevice: number
  /**
   * Status polls of one flow per hour: the frame asks every 1.5 s for at most 10 minutes (400),
   * so this only stops a client that polls in a loop.
   */
  pollsPerFlowPerHour: number
  /** Status polls one client IP may make per hour (only when rate limits are on). */
  pollsPerIpPerHour: number
}

export const defaultFarcasterSignInLimits: FarcasterSignInLimits = {
  startsPerDevicePerHour: 30,
  startsPerIpPerHour: 120,
  openFlowsPerDevice: 3,
  pollsPerFlowPerHour: 600,
  pollsPerIpPerHour: 6_000,
}

/**
 * What Sign In With Farcaster needs: the embedded wallet's store, cipher, caps and clock, the
 * auth relay, the chain's IdRegistry, and the auth site's URL (the SIWE message's domain and
 * URI are its host and origin).
 */
export type FarcasterSignInDeps = Pick<
  EmbeddedWalletServiceDeps,
  'store' | 'cipher' | 'limits' | 'hourly' | 'limitIps' | 'now'
> & {
  relay: FarcasterRelayClient
  registry: FarcasterIdRegistry
  /** LATCH_AUTH_URL. */
  authUrl: string
  farcasterLimits: FarcasterSignInLimits
}
