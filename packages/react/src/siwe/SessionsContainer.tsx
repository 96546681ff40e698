import '../i18n/laterMessages.ts'
import { revokeSession } from '@latch/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { formatRelativeTime } from '../account/formatRelativeTime.ts'
import { toIntlLocale } from '../account/toIntlLocale.ts'
import { useNow } from '../account/useNow.ts'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { pushSignIn } from './openSignIn.ts'
import { SessionsView, type SessionsViewProps } from './SessionsView.tsx'
import { sessionsQueryKey, sessionsQueryOptions, signInQueryKey } from './signInQueryOptions.ts'
import { useSignInAccount } from './useSignInAccount.ts'

/**
 * The Sessions view wired to the API: the connected address's sessions and Revoke, which the
 * wallet signs. Revoking this browser's own session signs it out: when the app requires
 * sign-in, ConnectingSiwe opens over the list to sign in again (and comes back to it).
 */
export default function SessionsContainer() {
  const config = useConfig()
  const i18n = useMessages()
  const { t } = i18n
  const { router } = useConnectModal()
  // The active namespace's account (a Solana or Bitcoin wallet's CAIP-10 account).
  const address = useSignInAccount()
  const queryClient = useQueryClient()
  const now = useNow(30_000)
  const sessions = useQuery(sessionsQueryOptions(config, address))
  const revoke = useMutation({
    mutationFn: (id: string) => revokeSession(config, { id }),
    onSuccess: ({ current }) => {
      void queryClient.invalidateQueries({ queryKey: sessionsQueryKey(config, address) })
      config.toasts.show({ variant: 'success', message: t('sessions.revoked') })
      if (!current) return
      if (config.options.signIn === 'required') pushSignIn(router)
      queryClient.setQueryData(signInQueryKey(config, address), null)
    },
  })
  const currentId = address ? config.storage.getSignInSession(address)?.id : undefined
  const dateTime = new Intl.DateTimeFormat(toIntlLocale(i18n.locale), {
    dateStyle: 'medium',
    timeStyle: 'short',
  })

  let state: SessionsViewProps['state']
  if (sessions.data) {
    state = {
      status: 'success',
      sessions: sessions.data.map((session) => {
        const signedIn = t('sessions.signedIn', {
          time: formatRelativeTime(Date.parse(session.issuedAt), now, i18n),
        })
        return {
          id: session.id,
          domain: session.domain,
          signedIn,
          expires: t('sessions.expires', { time: dateTime.format(Date.parse(session.expiresAt)) }),
          current: session.id === currentId,
          revokeLabel: t('sessions.revokeLabel', { domain: session.domain, time: signedIn }),
        }
      }),
    }
  } else if (sessions.isError)
    state = {
      status: 'error',
      message: getErrorMessage(sessions.error, t),
      onRetry: () => void sessions.refetch(),
    }
  else state = { status: 'pending' }

  return (
    <SessionsView
      state={state}
      revokingId={revoke.isPending ? revoke.variables : undefined}
      error={revoke.error ? getErrorMessage(revoke.error, t) : undefined}
      onRevoke={(id) => revoke.mutate(id)}
    />
  )
}
