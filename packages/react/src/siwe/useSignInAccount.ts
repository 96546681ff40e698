import type { SignInSession } from '@latch/api-contract'
import { toSignInAccount } from '@latch/core'
import { useLatchState } from '../hooks/useLatchState.ts'

/**
 * Whose sign-in it is for the active namespace: the EVM address, or the CAIP-10 account
 * (`solana:{ref}:{address}`, `bip122:{ref}:{address}`) of a Solana or Bitcoin wallet; what
 * the sign-in queries and this browser's stored session are keyed by.
 */
export function useSignInAccount(): string | undefined {
  const { activeNamespace, namespaces } = useLatchState()
  const connection = activeNamespace ? namespaces[activeNamespace] : undefined
  if (!activeNamespace || !connection) return undefined
  return toSignInAccount({
    namespace: activeNamespace,
    caipNetworkId: connection.caipNetworkId,
    address: connection.address,
  })
}

/** The sign-in account of a session the API answered (its chain id is CAIP-2 off EVM). */
export function getSessionAccount(session: SignInSession): string {
  return typeof session.chainId === 'number'
    ? session.address
    : `${session.caipNetworkId ?? session.chainId}:${session.address}`
}
