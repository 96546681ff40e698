import { disconnectedState, type LatchConfig } from '../createLatchConfig.ts'
import { showConnectedNamespace } from '../namespaces/setNamespaceConnection.ts'
import { cancelSocialSignIn } from './cancelSocialSignIn.ts'

/**
 * Abandons a pending connection attempt (the person closed the modal or went back): status
 * returns to `disconnected` without an error (or to the wallet of another namespace still
 * connected), and a late answer from the wallet is ignored. A social or Farcaster sign-in in
 * progress is given up too (its popup closes).
 */
export function cancelConnect(config: LatchConfig): void {
  cancelSocialSignIn(config)
  const { status } = config.getState()
  if (status !== 'connecting' && status !== 'reconnecting') {
    if (config.getState().error)
      config._internal.setState((state) => ({ ...state, error: undefined }))
    return
  }
  config._internal.beginAttempt()
  config._internal.setState((state) => ({ ...state, ...disconnectedState }))
  if (Object.keys(config.getState().namespaces).length > 0) showConnectedNamespace(config)
}
