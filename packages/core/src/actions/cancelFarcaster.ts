import type { LatchConfig } from '../createLatchConfig.ts'
import { farcasterReloadDelay } from '../router/createModalRouter.ts'
import { findAuthConnector } from './getAuthConnector.ts'

/** Forgets the Farcaster sign-in's URL (and so its attempt: a late answer is ignored). */
export function clearFarcasterUrl(config: LatchConfig): void {
  if (config.getState().socialSignIn?.provider === 'farcaster')
    config._internal.setState((state) => ({ ...state, socialSignIn: undefined }))
}

/**
 * Reloads the auth (embedded wallet) connector's frame: a pending Farcaster wait ends there.
 * Not while an account is connected through it.
 */
export function reloadAuthConnector(config: LatchConfig): void {
  const connector = findAuthConnector(config)
  if (!connector) return
  const { status, connectorId } = config.getState()
  if (connectorId === connector.id && status === 'connected') return
  connector.embedded.reload()
}

/**
 * Spec section 2: leaving the Farcaster sign-in while no account is active clears the
 * Farcaster URL and, after 100 ms, reloads the auth connector. The modal router does this on
 * Back (`createModalRouter`'s `clearFarcasterUrl` / `reloadAuthConnector`); this is the same
 * for a page that leaves it otherwise.
 */
export function cancelFarcaster(config: LatchConfig): void {
  if (config.getState().status === 'connected') return
  clearFarcasterUrl(config)
  config.scheduler.setTimeout(() => reloadAuthConnector(config), farcasterReloadDelay)
}
