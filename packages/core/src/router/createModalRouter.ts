import type { Unsubscribe } from '../types.ts'
import { createStore } from '../utils/createStore.ts'

/** Modal views (spec section 2); this slice uses the first three. */
export type ModalView =
  | 'Connect'
  | 'ConnectingExternal'
  | 'ConnectingWalletConnect'
  | 'Account'
  | 'AllWallets'
  | 'UnsupportedChain'

export type ModalRoute = {
  view: ModalView
  /** The connector a Connecting view is about. */
  connectorId?: string | undefined
}

export type ModalRouterState = {
  open: boolean
  /** Never empty; the last entry is the current view. */
  history: readonly ModalRoute[]
}

export type ModalRouter = {
  getState(): ModalRouterState
  subscribe(listener: (state: ModalRouterState) => void): Unsubscribe
  /** Opens the modal on `route` (default Connect) with a fresh history. */
  open(route?: ModalRoute): void
  close(): void
  /** Pushes a view; pushing the current view again is ignored. */
  push(route: ModalRoute): void
  /** Swaps the last history entry. */
  replace(route: ModalRoute): void
  /** Sets a history with a single entry. */
  reset(route: ModalRoute): void
  /** Goes back one view, or closes when there is nothing to go back to or UnsupportedChain is open. */
  back(): void
}

const sameRoute = (a: ModalRoute | undefined, b: ModalRoute) =>
  a?.view === b.view && a.connectorId === b.connectorId

/** The connect modal's open state and view history, following the spec's navigation rules. */
export function createModalRouter(initial: ModalRoute = { view: 'Connect' }): ModalRouter {
  const store = createStore<ModalRouterState>({ open: false, history: [initial] })
  const set = (next: Partial<ModalRouterState>) =>
    store.setState((state) => ({ ...state, ...next }))
  return {
    getState: store.getState,
    subscribe: (listener) => store.subscribe((state) => listener(state)),
    open: (route = initial) => set({ open: true, history: [route] }),
    close: () => set({ open: false }),
    push(route) {
      const { history } = store.getState()
      if (!sameRoute(history.at(-1), route)) set({ history: [...history, route] })
    },
    replace: (route) => set({ history: [...store.getState().history.slice(0, -1), route] }),
    reset: (route) => set({ history: [route] }),
    back() {
      const { history } = store.getState()
      if (history.length <= 1 || history.some((route) => route.view === 'UnsupportedChain'))
        set({ open: false })
      else set({ history: history.slice(0, -1) })
    },
  }
}
