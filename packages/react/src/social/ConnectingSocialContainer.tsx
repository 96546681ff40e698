import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { ConnectingSocialView } from './ConnectingSocialView.tsx'

export type ConnectingSocialContainerProps = {
  /** Cancel: gives the attempt up (its popup closes) and goes back to Connect. */
  onCancel(): void
}

/** ConnectingSocial wired: the attempt in core's state (`socialSignIn`), or the route's provider. */
export function ConnectingSocialContainer(props: ConnectingSocialContainerProps) {
  const { socialSignIn } = useLatchState()
  const { history } = useConnectModal()
  const provider = socialSignIn?.provider ?? history.at(-1)?.socialProvider ?? 'google'
  return (
    <ConnectingSocialView
      provider={provider}
      status={socialSignIn?.status === 'connecting' ? 'connecting' : 'pending'}
      onCancel={props.onCancel}
    />
  )
}
