import {
  type EmbeddedWalletUser,
  exportEmbeddedKey,
  findAuthConnector,
  signOutEmbedded,
} from '@latch/core'
import { useMutation } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { useMessages } from '../hooks/useMessages.ts'

const none = {
  getUser: () => undefined,
  onUserChanged: () => () => {},
}

export type UseEmbeddedAccountReturnType =
  | {
      user: EmbeddedWalletUser | undefined
      signOut(): void
      exportKey(): void
      signingOut: boolean
      exporting: boolean
    }
  | undefined

/**
 * The embedded wallet's side of the account panel, when the connected wallet is the email
 * one: its email, sign out (both sides) and the key export (in the frame). Failures show
 * as an error toast. Undefined for any other wallet.
 */
export function useEmbeddedAccount(
  parameters: { onSignedOut?: (() => void) | undefined } = {},
): UseEmbeddedAccountReturnType {
  const config = useConfig()
  const { t } = useMessages()
  const { connectorId } = useLatchState()
  const connector = findAuthConnector(config)
  const active = connector !== undefined && connector.id === connectorId
  const embedded = connector?.embedded ?? none
  const user = useSyncExternalStore(embedded.onUserChanged, embedded.getUser, embedded.getUser)
  const onError = (error: unknown) =>
    config.toasts.show({ variant: 'error', message: getErrorMessage(error, t) })
  const signOut = useMutation({
    mutationFn: () => signOutEmbedded(config),
    onError,
    onSettled: () => parameters.onSignedOut?.(),
  })
  const exportKey = useMutation({ mutationFn: () => exportEmbeddedKey(config), onError })
  if (!active) return undefined
  return {
    user,
    signOut: () => signOut.mutate(),
    exportKey: () => exportKey.mutate(),
    signingOut: signOut.isPending,
    exporting: exportKey.isPending,
  }
}
