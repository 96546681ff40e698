import { useLatchState } from '../hooks/useLatchState.ts'
import { ConnectingFarcasterView } from './ConnectingFarcasterView.tsx'

export type ConnectingFarcasterContainerProps = {
  onCopy(text: string): void
  copied: boolean
}

/** ConnectingFarcaster wired to core's state (`socialSignIn.farcasterUrl`). */
export function ConnectingFarcasterContainer(props: ConnectingFarcasterContainerProps) {
  const { socialSignIn } = useLatchState()
  const farcaster = socialSignIn?.provider === 'farcaster' ? socialSignIn : undefined
  return (
    <ConnectingFarcasterView
      url={farcaster?.farcasterUrl}
      status={farcaster?.status === 'connecting' ? 'connecting' : 'pending'}
      onCopy={props.onCopy}
      copied={props.copied}
    />
  )
}
