import type { FrameMessageEventLike, FrameWindowLike } from '../connectors/createFrameTransport.ts'
import { until } from './until.ts'

type Request = { type: string; id: string; method: string; params: Record<string, unknown> }

/**
 * A page window with one iframe slot, for the embedded wallet's transport: `frame` plays the
 * auth site's frame (answers with `respond`, `fail`, `emit`, or a scripted `answer`), and
 * `dispatch` posts any message to the page (foreign origins, other sources). Test-only.
 */
export function createFakeFrameWindow(authOrigin = 'http://auth.test') {
  const listeners = new Set<(event: FrameMessageEventLike) => void>()
  const requests: { message: Request; targetOrigin: string }[] = []
  const styles: string[] = []
  let answer: ((request: Request) => unknown) | undefined
  let mounted:
    | {
        src: string
        title: string
        attributes: Map<string, string>
        contentWindow: { postMessage(message: unknown, targetOrigin: string): void }
        focused: boolean
      }
    | undefined
  let removed = 0
  const focusable = {
    focused: 0,
    focus() {
      focusable.focused += 1
    },
  }

  const contentWindow = {
    postMessage(message: unknown, targetOrigin: string) {
      const request = message as Request
      requests.push({ message: request, targetOrigin })
      const reply = answer?.(request)
      if (reply !== undefined)
        queueMicrotask(() =>
          dispatch({ type: 'latch:frame:response', id: request.id, ok: true, result: reply }),
        )
    },
  }

  function dispatch(data: unknown, from: { origin?: string; source?: unknown } = {}) {
    const event = {
      origin: from.origin ?? authOrigin,
      source: 'source' in from ? from.source : mounted?.contentWindow,
      data,
    }
    for (const listener of [...listeners]) listener(event)
  }

  /** The `<dialog>` around the iframe: its style, and whether it is shown modal. */
  const host = {
    style: '',
    open: false,
    modalShows: 0,
    removed: 0,
    cancelListeners: [] as ((event: { preventDefault(): void }) => void)[],
  }

  function createIframe() {
    const attributes = new Map<string, string>()
    const element = {
      src: '',
      title: '',
      attributes,
      contentWindow,
      focused: false,
      setAttribute(name: string, value: string) {
        attributes.set(name, value)
      },
      focus() {
        element.focused = true
      },
      remove() {},
    }
    return element
  }

  function createDialog() {
    return {
      setAttribute(name: string, value: string) {
        if (name === 'style') {
          host.style = value
          styles.push(value)
        }
      },
      appendChild(node: unknown) {
        mounted = node as typeof mounted
        return node
      },
      get open() {
        return host.open
      },
      showModal() {
        host.open = true
        host.modalShows += 1
      },
      close() {
        host.open = false
      },
      addEventListener(_type: 'cancel', listener: (event: { preventDefault(): void }) => void) {
        host.cancelListeners.push(listener)
      },
      remove() {
        removed += 1
        mounted = undefined
      },
    }
  }

  const window: FrameWindowLike = {
    document: {
      createElement: (tag) => (tag === 'dialog' ? createDialog() : createIframe()),
      body: { appendChild: (node: unknown) => node },
      get activeElement() {
        return focusable
      },
    },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  }

  return {
    window,
    authOrigin,
    /** The page's requests, in order. */
    requests,
    /** Every style the frame's dialog was given, in order. */
    styles,
    /** The frame's `<dialog>`: shown modal (in the top layer) or not. */
    host,
    /** The element focused before the frame showed (it gets the focus back on hide). */
    focusable,
    get iframe() {
      return mounted
    },
    get removed() {
      return removed
    },
    get listenerCount() {
      return listeners.size
    },
    dispatch,
    /** The frame says it is loaded. */
    ready: () => dispatch({ type: 'latch:frame:event', event: { name: 'ready' } }),
    emit: (event: Record<string, unknown>) => dispatch({ type: 'latch:frame:event', event }),
    respond: (id: string, result: unknown) =>
      dispatch({ type: 'latch:frame:response', id, ok: true, result }),
    fail: (
      id: string,
      error: { code: string | number; message: string; retryAfterSeconds?: number },
    ) => dispatch({ type: 'latch:frame:response', id, ok: false, error }),
    /** Answers each request at once with what `fn` returns (undefined: no answer). */
    answerWith(fn: (request: Request) => unknown) {
      answer = fn
    },
    /**
     * Answers each request at once from `answers[method]`: a value, or a function of the
     * request's params (undefined: no answer).
     */
    answerFrom(answers: Record<string, unknown>) {
      answer = (request) => {
        const entry = answers[request.method]
        return typeof entry === 'function' ? entry(request.params) : entry
      }
    },
    /**
     * The frame says ready as soon as the page mounts it; `then` runs right after (where a
     * test lets the page's wait pass). Fails if the page never mounts it.
     */
    async readyWhenMounted(then?: () => void): Promise<void> {
      await until(() => mounted !== undefined)
      dispatch({ type: 'latch:frame:event', event: { name: 'ready' } })
      then?.()
    },
  }
}
