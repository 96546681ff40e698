import type { LatchConfig } from '../createLatchConfig.ts'
import type { Unsubscribe } from '../types.ts'

/**
 * Disconnecting signs out (spec section 2, sign in with the wallet): when the connected
 * wallet disconnects, this browser forgets its sign-in session, so the next connection signs
 * in again. Heard as the store changes, before any view renders the disconnection.
 */
export function watchSignOutOnDisconnect(config: LatchConfig): Unsubscribe {
  return config.subscribe((state, previous) => {
    if (state.status === 'disconnected' && previous.status === 'connected' && previous.address)
      config.storage.removeSignInSession(previous.address)
  })
}
