import type { ConnectionStatus } from '@latch/core'

/** How a connection attempt looks to the Connecting views. */
export type AttemptState =
  | { status: 'pending' }
  /** The person said no in the wallet: back to idle with a retry (not a failure). */
  | { status: 'declined' }
  | { status: 'error'; error: Error | undefined }
  /** WalletConnect only: the relay cannot be reached, so a QR code would never connect. */
  | { status: 'relayUnavailable' }

export type GetAttemptStateParameters = {
  status: ConnectionStatus
  error: Error | undefined
  /** WalletConnect: the pairing URI, once the relay gave one. */
  pairingUri?: string | undefined
  /** WalletConnect: no pairing URI arrived within the wait (see `pairingUriTimeoutMs`). */
  pairingUriTimedOut?: boolean | undefined
}

/** How long a WalletConnect attempt may go without a pairing URI before the relay counts as down. */
export const pairingUriTimeoutMs = 8000

/** The state of the attempt a Connecting view shows, from the store's status and error. */
export function getAttemptState(parameters: GetAttemptStateParameters): AttemptState {
  const { status, error } = parameters
  if (status === 'connecting' || status === 'reconnecting')
    return parameters.pairingUriTimedOut && !parameters.pairingUri
      ? { status: 'relayUnavailable' }
      : { status: 'pending' }
  // Connected: the modal is closing.
  if (status === 'connected') return { status: 'pending' }
  if (error?.name === 'UserRejectedRequestError') return { status: 'declined' }
  if (error?.name === 'RelayUnavailableError') return { status: 'relayUnavailable' }
  return { status: 'error', error }
}
