import { type ComponentType, useEffect, useRef, useState } from 'react'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { ConnectModalShell } from './ConnectModalShell.tsx'
import { loadConnectModal } from './loadConnectModal.ts'

/**
 * Renders the connect modal while it is open. Its code is a separate chunk that the built
 * page's index.html preloads beside its own script (`preloadConnectModal`), imported right
 * after the page's first render; once imported it renders at once. On a click before that, the modal's
 * frame (`ConnectModalShell`) shows while the chunk loads and the modal replaces it as soon
 * as it arrives: a plain state update, not a Suspense fallback, whose reveal React holds back
 * until ~300 ms after the fallback showed. A live region outside the dialog announces
 * "Connected", as the dialog closes on it.
 */
export function ConnectModalHost() {
  const { isOpen, close } = useConnectModal()
  return (
    <>
      <ConnectModalSlot isOpen={isOpen} close={close} />
      <ConnectedAnnouncer />
    </>
  )
}

/** Says "Connected" (politely) when a connection attempt succeeds. */
function ConnectedAnnouncer() {
  const { t } = useMessages()
  const { status } = useLatchState()
  const [announcement, setAnnouncement] = useState('')
  const previous = useRef(status)
  useEffect(() => {
    if (previous.current === 'connecting' && status === 'connected')
      setAnnouncement(t('connect.connected'))
    else if (status !== 'connected') setAnnouncement('')
    previous.current = status
  }, [status, t])
  return (
    <p className="latch-visually-hidden" role="status">
      {announcement}
    </p>
  )
}

function ConnectModalSlot({ isOpen, close }: { isOpen: boolean; close(): void }) {
  const [Loaded, setLoaded] = useState<ComponentType | undefined>()
  const [failure, setFailure] = useState<{ error: unknown } | undefined>()

  // The import after the first render, and on a click before it landed the load right away.
  // Either way the same module's component: no remount when both resolve.
  useEffect(() => {
    if (Loaded) return
    let active = true
    const load = (onError: (error: unknown) => void) =>
      loadConnectModal().then((module) => {
        if (active) setLoaded(() => module.default)
      }, onError)
    // Closed: imported right after the page's first render. The built page preloaded the chunk
    // with its own script, so this costs its evaluation (a few ms), not a download, and a
    // click right after load finds the modal ready; a failure then is retried by the click.
    void load(isOpen ? (error) => active && setFailure({ error }) : () => {})
    return () => {
      active = false
    }
  }, [isOpen, Loaded])

  if (!isOpen) return null
  // As React.lazy did: a chunk that cannot load is the error boundary's to show.
  if (failure && !Loaded) throw failure.error
  if (Loaded) return <Loaded />
  return <ConnectModalShell onClose={close} />
}
