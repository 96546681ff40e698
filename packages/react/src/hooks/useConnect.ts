import { type ConnectionStatus, cancelConnect, connect, type RecentWalletInput } from '@latch/core'
import { useCallback } from 'react'
import { useConfig } from './useConfig.ts'
import { useLatchState } from './useLatchState.ts'

export type UseConnectReturnType = {
  /**
   * Starts connecting; the outcome lands in `status` and `error`. `wallet`: the registry
   * wallet picked, remembered among the recent wallets once connected.
   */
  connect(connectorId: string, options?: { wallet?: RecentWalletInput | undefined }): void
  /** Abandons a pending attempt and clears the last error. */
  cancel(): void
  status: ConnectionStatus
  /** The connector being connected (or connected). */
  connectorId: string | undefined
  /** WalletConnect pairing URI while connecting through WalletConnect. */
  pairingUri: string | undefined
  error: Error | undefined
}

/** Connection actions bound to the config, with the attempt's progress from the store. */
export function useConnect(): UseConnectReturnType {
  const config = useConfig()
  const state = useLatchState()
  const start = useCallback(
    (connectorId: string, options?: { wallet?: RecentWalletInput | undefined }) => {
      // Sign-in required: a WalletConnect wallet that can signs in with the same approval.
      const signIn =
        config.options.signIn === 'required'
          ? { domain: window.location.host, uri: window.location.origin }
          : undefined
      // The store records the error; the promise is only for callers that await it.
      connect(config, { connectorId, wallet: options?.wallet, signIn }).catch(() => {})
    },
    [config],
  )
  const cancel = useCallback(() => cancelConnect(config), [config])
  return {
    connect: start,
    cancel,
    status: state.status,
    connectorId: state.connectorId,
    pairingUri: state.pairingUri,
    error: state.error,
  }
}
