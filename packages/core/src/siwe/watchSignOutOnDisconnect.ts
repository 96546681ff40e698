import type { LatchConfig } from '../createLatchConfig.ts'
import type { Unsubscribe } from '../types.ts'
import type { LatchNamespace } from '../webConfig/parseLatchWebConfig.ts'
import { toSignInAccount } from './getSignInAccount.ts'

/**
 * Disconnecting signs out (spec section 2, sign in with the wallet): when the connected
 * wallet disconnects, this browser forgets its sign-in session, so the next connection signs
 * in again; a Solana or Bitcoin wallet disconnecting forgets its own (CAIP-10) session. Heard
 * as the store changes, before any view renders the disconnection.
 */
export function watchSignOutOnDisconnect(config: LatchConfig): Unsubscribe {
  return config.subscribe((state, previous) => {
    if (state.status === 'disconnected' && previous.status === 'connected' && previous.address)
      config.storage.removeSignInSession(previous.address)
    if (state.namespaces === previous.namespaces) return
    for (const [namespace, connection] of Object.entries(previous.namespaces)) {
      if (!connection || namespace === 'eip155') continue
      const now = state.namespaces[namespace as LatchNamespace]
      if (now?.address === connection.address && now.caipNetworkId === connection.caipNetworkId)
        continue
      config.storage.removeSignInSession(
        toSignInAccount({
          namespace: namespace as LatchNamespace,
          caipNetworkId: connection.caipNetworkId,
          address: connection.address,
        }),
      )
    }
  })
}
