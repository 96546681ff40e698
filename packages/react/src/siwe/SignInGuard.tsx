import '../i18n/laterMessages.ts'
import { SessionExpiredError, watchSignOutOnDisconnect } from '@latch/core'
import { useQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { AccountPanelSkeleton } from '../account/AccountPanelSkeleton.tsx'
import { alerts } from '../alerts/alerts.ts'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { LatchQueryProvider } from '../query/LatchQueryProvider.tsx'
import { openSignIn, signInViews } from './openSignIn.ts'
import { SignInRequiredView } from './SignInRequiredView.tsx'
import { signInQueryOptions } from './signInQueryOptions.ts'
import { useSignInAccount } from './useSignInAccount.ts'

export type SignInGuardProps = { address: string; children: ReactNode }

/** The lazily loaded part of `SignInGate`, with TanStack Query. */
export default function SignInGuard(props: SignInGuardProps) {
  return (
    <LatchQueryProvider>
      <Guard {...props} />
    </LatchQueryProvider>
  )
}

function Guard(props: SignInGuardProps) {
  const config = useConfig()
  const { t } = useMessages()
  const { router } = useConnectModal()
  // The active namespace's account: a Solana or Bitcoin wallet signs in as its CAIP-10 account.
  const account = useSignInAccount() ?? props.address
  const session = useQuery(signInQueryOptions(config, account))
  // The kept session expired: signed out, and the person is told why (spec alert).
  const expired = session.error instanceof SessionExpiredError
  // Decided on a fresh answer only: a cached "signed out" from before must not open the modal.
  const signedOut = (session.data === null || expired) && !session.isFetching

  // Disconnecting signs out: the next connection signs in again.
  useEffect(() => watchSignOutOnDisconnect(config), [config])

  useEffect(() => {
    if (!signedOut) return
    // After the commit's other effects (the connect flow closes the modal on connection).
    const timer = setTimeout(() => {
      const { open, history } = router.getState()
      const view = open ? history.at(-1)?.view : undefined
      if (view && signInViews.includes(view)) return
      openSignIn(router)
    }, 0)
    return () => clearTimeout(timer)
  }, [signedOut, router])

  if (session.data) return props.children
  if (session.isError && !session.isFetching && !expired)
    return (
      <SignInRequiredView
        error={getErrorMessage(session.error, t)}
        onRetry={() => void session.refetch()}
      />
    )
  if (signedOut)
    return (
      <SignInRequiredView
        onSignIn={() => openSignIn(router)}
        alert={
          expired
            ? { title: t(alerts.sessionExpired.title), text: t(alerts.sessionExpired.text) }
            : undefined
        }
      />
    )
  return <AccountPanelSkeleton />
}
