import type { ModalRoute, ModalRouter } from '@latch/core'
import { useSyncExternalStore } from 'react'
import { useLatchContext } from './useConfig.ts'

export type UseConnectModalReturnType = {
  isOpen: boolean
  /** The modal's view history, current view last. */
  history: readonly ModalRoute[]
  router: ModalRouter
  open(): void
  close(): void
}

/** Opens and closes the connect modal; exposes its router for the modal itself. */
export function useConnectModal(): UseConnectModalReturnType {
  const { modal } = useLatchContext()
  const state = useSyncExternalStore(modal.subscribe, modal.getState, modal.getState)
  return {
    isOpen: state.open,
    history: state.history,
    router: modal,
    open: () => modal.open(),
    close: modal.close,
  }
}
