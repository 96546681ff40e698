import '../i18n/laterMessages.ts'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useAccount } from '../hooks/useAccount.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { SignInView } from './SignInView.tsx'
import { sessionsQueryKey, signInQueryKey } from './signInQueryOptions.ts'
import { getSessionAccount } from './useSignInAccount.ts'
import { useSignInFlow } from './useSignInFlow.ts'

/**
 * ConnectingSiwe and SIWXSignMessage wired to the sign-in flow (ConnectingSiwe with the app's
 * and the wallet's icons). Success pops the transaction
 * stack (`replace`: back to just before ConnectingSiwe, else the modal closes); a failure or a
 * refusal disconnects (the flow does), closes the modal and shows the error. Cancel, and
 * closing the modal before signing in, disconnect.
 */
export default function SignInContainer() {
  const config = useConfig()
  const { t } = useMessages()
  const { router, history } = useConnectModal()
  const view = history.at(-1)?.view
  const queryClient = useQueryClient()
  const account = useAccount()
  const { namespaceConnectors, connectorId } = useLatchState()
  // A Solana or Bitcoin wallet is a Wallet Standard connector, not an EVM one.
  const wallet = account.connector ?? namespaceConnectors.find((entry) => entry.id === connectorId)
  const { flow, state } = useSignInFlow(config)

  // Closing the modal (Close, Escape, the backdrop) before signing in is a cancel.
  useEffect(
    () =>
      router.subscribe((modal) => {
        if (!modal.open) void flow.cancel()
      }),
    [router, flow],
  )

  useEffect(() => {
    if (state.status === 'signedIn' && state.session) {
      const address = getSessionAccount(state.session)
      queryClient.setQueryData(signInQueryKey(config, address), state.session)
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey(config, address) })
      router.popTransactionStack()
    } else if (state.status === 'failed' || state.status === 'cancelled') {
      router.popTransactionStack(true)
      router.close()
      if (state.status === 'failed')
        config.toasts.show({ variant: 'error', message: getErrorMessage(state.error, t) })
    }
  }, [state.status, state.session, state.error, config, queryClient, router, t])

  const status =
    state.status === 'ready' || state.status === 'signing'
      ? state.status
      : state.status === 'idle' || state.status === 'preparing'
        ? 'preparing'
        : undefined
  // Signed in, failed or cancelled: the modal is moving on.
  if (!status) return null
  return (
    <SignInView
      appName={config.options.appName}
      status={status}
      message={state.message}
      walletName={wallet?.name}
      connecting={
        view === 'ConnectingSiwe'
          ? { appIcon: readPageIcon(), walletIcon: wallet?.icon || undefined }
          : undefined
      }
      onSignIn={() => void flow.signIn()}
      onCancel={() => void flow.cancel()}
    />
  )
}

/** The app's icon: the page's own (`<link rel="icon">`), as wallets show it. */
function readPageIcon(): string | undefined {
  return document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href || undefined
}
