import {
  type ComponentType,
  lazy,
  Suspense,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { ConnectModalShell } from './ConnectModalShell.tsx'
import { loadConnectModal, whenIdle } from './loadConnectModal.ts'

const LazyConnectModal = lazy(loadConnectModal)

/**
 * Renders the connect modal while it is open. Its code is a separate chunk, prefetched when
 * the page is idle; once prefetched it renders at once (no Suspense round, which React would
 * throttle by ~300 ms), otherwise React.lazy loads it on the click. A live region outside the
 * dialog announces "Connected", as the dialog closes on it.
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
  const [Prefetched, setPrefetched] = useState<ComponentType | undefined>()
  const isOpenRef = useRef(isOpen)
  useLayoutEffect(() => {
    isOpenRef.current = isOpen
  })

  useEffect(() => {
    let active = true
    const cancel = whenIdle(() => {
      loadConnectModal().then(
        (module) => {
          // Switching component while open would remount the dialog; the lazy one stays.
          if (active && !isOpenRef.current) setPrefetched(() => module.default)
        },
        () => {},
      )
    })
    return () => {
      active = false
      cancel()
    }
  }, [])

  if (!isOpen) return null
  if (Prefetched) return <Prefetched />
  return (
    <Suspense fallback={<ConnectModalShell onClose={close} />}>
      <LazyConnectModal />
    </Suspense>
  )
}
