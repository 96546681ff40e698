import type { Scheduler, Unsubscribe } from '../types.ts'
import { createStore } from '../utils/createStore.ts'
import { defaultScheduler } from '../utils/defaultScheduler.ts'

/** Toast variants (spec section 4). */
export type ToastVariant = 'success' | 'loading' | 'error'

export type ToastState = {
  open: boolean
  variant: ToastVariant
  /** Text to show (the React layer passes translated text); kept while the toast closes. */
  message: string
  /** Increases with each shown toast, so a view can restart its animation. */
  id: number
}

export type ShowToastParameters = {
  variant: ToastVariant
  message: string
  /** Auto-hide delay; default the store's `duration`. A loading toast never hides by itself. */
  duration?: number | undefined
}

export type ToastStore = {
  getState(): ToastState
  subscribe(listener: (state: ToastState) => void): Unsubscribe
  /** Shows a toast; one already open closes first and the new one appears 150 ms later. */
  show(parameters: ShowToastParameters): void
  hide(): void
}

export type CreateToastStoreParameters = {
  /** Default 2500 ms. */
  duration?: number | undefined
  scheduler?: Scheduler | undefined
}

/** Gap between closing one toast and showing the next (spec section 4). */
export const toastReplaceDelay = 150
export const defaultToastDuration = 2500

/**
 * The toast (snackbar) state: one message at a time. A new message while one is open closes
 * the old one and shows the new one after 150 ms; success and error hide after `duration`,
 * loading stays until replaced or hidden.
 */
export function createToastStore(parameters: CreateToastStoreParameters = {}): ToastStore {
  const scheduler = parameters.scheduler ?? defaultScheduler
  const defaultDuration = parameters.duration ?? defaultToastDuration
  const store = createStore<ToastState>({ open: false, variant: 'success', message: '', id: 0 })
  let pendingShow: unknown
  let pendingHide: unknown

  function clearTimers() {
    if (pendingShow !== undefined) scheduler.clearTimeout(pendingShow)
    if (pendingHide !== undefined) scheduler.clearTimeout(pendingHide)
    pendingShow = undefined
    pendingHide = undefined
  }

  function open({ variant, message, duration }: ShowToastParameters) {
    pendingShow = undefined
    store.setState((state) => ({ open: true, variant, message, id: state.id + 1 }))
    if (variant !== 'loading') pendingHide = scheduler.setTimeout(hide, duration ?? defaultDuration)
  }

  function hide() {
    clearTimers()
    if (store.getState().open) store.setState((state) => ({ ...state, open: false }))
  }

  return {
    getState: store.getState,
    subscribe: (listener) => store.subscribe((state) => listener(state)),
    show(toast) {
      // Open now, or waiting to open: the newest message replaces it after the gap.
      const replacing = store.getState().open || pendingShow !== undefined
      clearTimers()
      if (!replacing) return open(toast)
      store.setState((state) => (state.open ? { ...state, open: false } : state))
      pendingShow = scheduler.setTimeout(() => open(toast), toastReplaceDelay)
    },
    hide,
  }
}
