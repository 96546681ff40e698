import { lazy, type ReactNode, Suspense } from 'react'
import { AccountPanelSkeleton } from '../account/AccountPanelSkeleton.tsx'
import { useConfig } from '../hooks/useConfig.ts'
import { useLatchState } from '../hooks/useLatchState.ts'

const LazySignInGuard = lazy(() => import('./SignInGuard.tsx'))

export type SignInGateProps = {
  /** What a signed-in account sees (the account panel). */
  children: ReactNode
}

/**
 * Shows `children` once the connected wallet has signed in, when the app requires sign-in
 * (`options.signIn: 'required'`); otherwise shows them as they are. Until then it checks the
 * session this browser holds and, without one, opens the modal on SIWXSignMessage (spec
 * section 2). Disconnecting signs out. The checking code is its own chunk, loaded only by
 * apps that require sign-in, once a wallet is connected.
 */
export function SignInGate(props: SignInGateProps) {
  const config = useConfig()
  const { status, address } = useLatchState()
  if (config.options.signIn !== 'required' || status !== 'connected' || !address)
    return props.children
  return (
    <Suspense fallback={<AccountPanelSkeleton />}>
      <LazySignInGuard address={address}>{props.children}</LazySignInGuard>
    </Suspense>
  )
}
