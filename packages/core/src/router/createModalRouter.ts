import type { SocialProvider } from '../options/createLatchOptions.ts'
import type { RecentWallet } from '../storage/createLatchStorage.ts'
import type { Scheduler, Unsubscribe } from '../types.ts'
import { createStore } from '../utils/createStore.ts'
import { defaultScheduler } from '../utils/defaultScheduler.ts'
import type { ModalView } from './modalViews.ts'

export type { ModalView } from './modalViews.ts'

/** A history entry: the view and what it is about. */
export type ModalRoute = {
  view: ModalView
  /** The connector a Connecting view is about. */
  connectorId?: string | undefined
  /** The wallet listing a Connecting view is about (name, image, deep links). */
  wallet?: RecentWallet | undefined
  /** The network a view is about, as a CAIP-2 id. */
  caipNetworkId?: string | undefined
  /** The account name a view is about (RegisterAccountNameSuccess), e.g. "alice.latch.id". */
  accountName?: string | undefined
  /** The email a view is about (EmailVerifyOtp, EmailVerifyDevice, the email change). */
  email?: string | undefined
  /** The social provider a view is about (ConnectingSocial, ConnectingFarcaster). */
  socialProvider?: SocialProvider | undefined
}

export type ModalRouterState = {
  open: boolean
  /** The modal's loading flag (a view waits for something before it can render). */
  loading: boolean
  /**
   * The last entry is the current view. Empty only after a transaction flow closed the modal
   * and cleared it; `open()` starts a fresh one.
   */
  history: readonly ModalRoute[]
}

/** A transaction flow's outcome handling (spec section 2, `popTransactionStack`). */
export type TransactionStackAction = {
  /** On success, reset the history to this view. */
  view?: ModalView | undefined
  /** On success, go back one view. */
  goBack?: boolean | undefined
  /** On success, go back to the view before ConnectingSiwe, or close when there is none. */
  replace?: boolean | undefined
  onSuccess?: (() => void) | undefined
  onCancel?: (() => void) | undefined
}

export type ModalRouter = {
  getState(): ModalRouterState
  subscribe(listener: (state: ModalRouterState) => void): Unsubscribe
  /** Opens the modal on `route` (default Connect) with a fresh history. */
  open(route?: ModalRoute): void
  close(): void
  setLoading(loading: boolean): void
  /** Pushes a view; pushing the view that is already current is ignored (use `replace`). */
  push(route: ModalRoute): void
  /** Swaps the last history entry. */
  replace(route: ModalRoute): void
  /** Sets a history with a single entry. */
  reset(route: ModalRoute): void
  /**
   * Goes back one view, or closes the modal when history has one entry or contains
   * UnsupportedChain. Leaving ConnectingFarcaster without an active account clears the
   * Farcaster URL and, 100 ms later, reloads the auth connector.
   */
  back(): void
  /** Keeps the history up to and including `index`. */
  goBackToIndex(index: number): void
  /** Registers how the transaction flow now starting ends. */
  pushTransactionStack(action: TransactionStackAction): void
  /**
   * Ends the latest transaction flow. Cancel: back, then `onCancel`. Success: back when
   * `goBack`, else (replace) back to the view before ConnectingSiwe or close and clear the
   * history, else reset to `view` when given; then `onSuccess`.
   */
  popTransactionStack(cancel?: boolean): void
}

export type CreateModalRouterParameters = {
  /** The first view when opened; default Connect. */
  initial?: ModalRoute | undefined
  /** The connected address, if any; default none. */
  getActiveAddress?: (() => string | undefined) | undefined
  /** Forgets the Farcaster sign-in URL (embedded wallet). */
  clearFarcasterUrl?: (() => void) | undefined
  /** Reloads the auth (embedded wallet) connector after leaving Farcaster sign-in. */
  reloadAuthConnector?: (() => void) | undefined
  scheduler?: Scheduler | undefined
}

/** Delay before the auth connector reloads after leaving Farcaster sign-in (spec section 2). */
export const farcasterReloadDelay = 100

/**
 * The connect modal's open state, loading flag and view history, following the navigation
 * rules of spec section 2. One per provider; no module state.
 */
export function createModalRouter(parameters: CreateModalRouterParameters = {}): ModalRouter {
  const initial = parameters.initial ?? { view: 'Connect' }
  const scheduler = parameters.scheduler ?? defaultScheduler
  const store = createStore<ModalRouterState>({ open: false, loading: false, history: [initial] })
  const transactionStack: TransactionStackAction[] = []
  const set = (next: Partial<ModalRouterState>) =>
    store.setState((state) => ({ ...state, ...next }))
  const history = () => store.getState().history

  function back() {
    const current = history().at(-1)
    if (current?.view === 'ConnectingFarcaster' && !parameters.getActiveAddress?.()) {
      parameters.clearFarcasterUrl?.()
      const reload = parameters.reloadAuthConnector
      if (reload) scheduler.setTimeout(reload, farcasterReloadDelay)
    }
    if (history().length <= 1 || history().some((route) => route.view === 'UnsupportedChain'))
      set({ open: false })
    else set({ history: history().slice(0, -1) })
  }

  return {
    getState: store.getState,
    subscribe: (listener) => store.subscribe((state) => listener(state)),
    open: (route = initial) => set({ open: true, loading: false, history: [route] }),
    close: () => set({ open: false, loading: false }),
    setLoading: (loading) => set({ loading }),
    push(route) {
      if (history().at(-1)?.view !== route.view) set({ history: [...history(), route] })
    },
    replace: (route) => set({ history: [...history().slice(0, -1), route] }),
    reset: (route) => set({ history: [route] }),
    back,
    goBackToIndex(index) {
      if (index >= 0 && index < history().length) set({ history: history().slice(0, index + 1) })
    },
    pushTransactionStack(action) {
      transactionStack.push(action)
    },
    popTransactionStack(cancel) {
      const action = transactionStack.pop()
      if (!action) return
      if (cancel) {
        back()
        action.onCancel?.()
        return
      }
      if (action.goBack) back()
      else if (action.replace) {
        const siwe = history().findIndex((route) => route.view === 'ConnectingSiwe')
        if (siwe > 0) set({ history: history().slice(0, siwe) })
        else set({ open: false, loading: false, history: [] })
      } else if (action.view) set({ history: [{ view: action.view }] })
      action.onSuccess?.()
    },
  }
}
