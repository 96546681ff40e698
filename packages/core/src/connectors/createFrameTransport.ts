import {
  type FrameEvent,
  type FrameMethod,
  type FrameRequestParams,
  type FrameResult,
  frameEventSchema,
  frameLoadTimeoutMs,
  frameReadyDelayMs,
  frameRequestTimeoutMs,
  frameResponseSchema,
  frameResultSchemas,
} from '@latch/api-contract'
import {
  EmailCooldownError,
  EmbeddedWalletAbortedError,
  EmbeddedWalletLoadError,
  EmbeddedWalletRequestError,
  EmbeddedWalletTimeoutError,
} from '../errors/embeddedWallet.ts'
import {
  AuthInitError,
  isSocialSignInErrorReason,
  SocialSignInError,
} from '../errors/socialSignIn.ts'
import type { Scheduler, Unsubscribe } from '../types.ts'
import { createEmitter } from '../utils/createEmitter.ts'
import { defaultScheduler } from '../utils/defaultScheduler.ts'

/** How long the frame waits for the auth API before it answers 'TIMEOUT' (apps/auth). */
const frameApiTimeoutMs = 15_000

/** The few DOM parts the transport uses (core type-checks without the DOM lib). */
export type FrameElementLike = {
  src: string
  title: string
  readonly contentWindow: FrameTargetLike | null
  setAttribute(name: string, value: string): void
  focus?(): void
  remove(): void
}
/** The `<dialog>` around the iframe: shown modal, it sits above the app's own modal dialog. */
export type FrameHostLike = {
  setAttribute(name: string, value: string): void
  appendChild(node: unknown): unknown
  remove(): void
  readonly open?: boolean
  showModal?(): void
  close?(): void
  addEventListener?(type: 'cancel', listener: (event: { preventDefault(): void }) => void): void
}
export type FrameTargetLike = { postMessage(message: unknown, targetOrigin: string): void }
export type FrameMessageEventLike = { origin: string; source: unknown; data: unknown }
export type FocusableLike = { focus?(): void }
export type FrameWindowLike = {
  document: {
    createElement(tag: 'iframe' | 'dialog'): unknown
    body: { appendChild(node: unknown): unknown }
    activeElement?: unknown
  }
  addEventListener(type: 'message', listener: (event: FrameMessageEventLike) => void): void
  removeEventListener(type: 'message', listener: (event: FrameMessageEventLike) => void): void
}

/**
 * Calls that may wait for the person (new wallet, recovery, signing, export in the frame; a
 * Farcaster client signing on a phone).
 */
export const frameLongRequestTimeoutMs = 10 * 60 * 1000
const longMethods: ReadonlySet<FrameMethod> = new Set([
  'getUser',
  'rpcRequest',
  'exportKey',
  'connectFarcaster',
  'solanaSignMessage',
  'solanaSignAndSendTransaction',
])

/** How long the page waits for an answer to `method`. */
export function getFrameRequestTimeoutMs(method: FrameMethod): number {
  return longMethods.has(method) ? frameLongRequestTimeoutMs : frameRequestTimeoutMs
}

export type CreateFrameTransportParameters = {
  /** The auth site, e.g. "http://127.0.0.1:4177". */
  authUrl: string
  projectId: string
  /** Default `globalThis.window`. */
  window?: FrameWindowLike | undefined
  scheduler?: Scheduler | undefined
  /** Above the modal (its z-index is the theme's, default 1000). Default 2147483000. */
  zIndex?: number | undefined
  /** Random request ids; default 16 bytes of `crypto.getRandomValues`, hex. */
  randomId?: (() => string) | undefined
}

export type FrameTransport = {
  /** Resolves once the frame said `ready` (and 500 ms passed); rejects after 20 s. */
  ready(): Promise<void>
  request<method extends FrameMethod>(
    method: method,
    params: FrameRequestParams<method>,
  ): Promise<FrameResult<method>>
  /** The frame's events, `ready` included. */
  onEvent(listener: (event: FrameEvent) => void): Unsubscribe
  /** Shows the frame as a full-viewport overlay over the modal and focuses it. */
  show(): void
  /** Hides the frame again and gives the focus back. */
  hide(): void
  /**
   * Removes the frame; pending calls reject with `EmbeddedWalletAbortedError` (as they do when
   * the frame reloads: a second `ready`).
   */
  destroy(): void
}

function defaultRandomId(): string {
  const bytes = new Uint8Array(16)
  ;(
    globalThis as unknown as { crypto: { getRandomValues(a: Uint8Array): Uint8Array } }
  ).crypto.getRandomValues(bytes)
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
}

const hiddenStyle = 'display:none'
/**
 * The frame fills the viewport, transparent: its own dialogs draw their backdrop. In the top
 * layer (a modal `<dialog>`), since the app's modal is one too and makes the rest inert.
 */
const shownStyle =
  'display:block;position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;margin:0;padding:0;border:0;background:transparent;overflow:hidden;color-scheme:normal'
const frameStyle =
  'display:block;width:100%;height:100%;border:0;margin:0;padding:0;background:transparent;color-scheme:normal'

/**
 * The page's side of the embedded wallet's `postMessage` channel (design: issue 12): a hidden
 * iframe on the auth site's origin. Only messages whose origin is the auth origin, whose source
 * is that iframe's window and that parse as a response or event are read; everything else is
 * ignored. Requests go to the auth origin only, each with a random id and a timeout (30 s for
 * connect calls, 10 min for getUser, rpcRequest and exportKey). Loads on the first call.
 */
export function createFrameTransport(parameters: CreateFrameTransportParameters): FrameTransport {
  const scheduler = parameters.scheduler ?? defaultScheduler
  const randomId = parameters.randomId ?? defaultRandomId
  const authUrl = parameters.authUrl.replace(/\/+$/, '')
  const authOrigin = new URL(authUrl).origin
  const zIndex = parameters.zIndex ?? 2147483000
  const emitter = createEmitter<{ event: FrameEvent }>()
  const pending = new Map<
    string,
    {
      method: FrameMethod
      resolve(value: unknown): void
      reject(error: unknown): void
      timer: unknown
    }
  >()
  let iframe: FrameElementLike | undefined
  let host: FrameHostLike | undefined
  let win: FrameWindowLike | undefined
  let readyPromise: Promise<void> | undefined
  let focusBefore: FocusableLike | undefined
  let destroyed = false
  let readySeen = false

  function onMessage(event: FrameMessageEventLike) {
    if (!iframe || event.origin !== authOrigin || event.source !== iframe.contentWindow) return
    const type = (event.data as { type?: unknown } | null)?.type
    if (type === 'latch:frame:event') {
      const parsed = frameEventSchema.safeParse(event.data)
      if (!parsed.success) return
      if (parsed.data.event.name === 'ready') {
        // A second `ready`: the frame reloaded and lost what it was asked.
        if (readySeen) abortPending()
        readySeen = true
      }
      emitter.emit('event', parsed.data.event)
      return
    }
    if (type !== 'latch:frame:response') return
    const parsed = frameResponseSchema.safeParse(event.data)
    if (!parsed.success) return
    const response = parsed.data
    const entry = pending.get(response.id)
    if (!entry) return
    if (!response.ok) {
      settle(response.id)
      entry.reject(toFrameError(entry.method, response.error))
      return
    }
    const result = frameResultSchemas[entry.method].safeParse(response.result)
    if (!result.success) return // Not an answer to this method: keep waiting (then time out).
    settle(response.id)
    entry.resolve(result.data)
  }

  function abortPending() {
    for (const [id, entry] of [...pending]) {
      settle(id)
      entry.reject(abortError(entry.method))
    }
  }

  function settle(id: string) {
    const entry = pending.get(id)
    if (!entry) return
    scheduler.clearTimeout(entry.timer)
    pending.delete(id)
  }

  function mount(): FrameElementLike {
    if (iframe) return iframe
    win = parameters.window ?? (globalThis as unknown as { window: FrameWindowLike }).window
    const dialog = win.document.createElement('dialog') as FrameHostLike
    dialog.setAttribute('style', hiddenStyle)
    dialog.setAttribute('aria-label', 'Latch secure wallet')
    dialog.setAttribute('data-testid', 'latch-embedded-wallet')
    // Escape belongs to the frame's own dialogs (each has Cancel): the page never hides it.
    dialog.addEventListener?.('cancel', (event) => event.preventDefault())
    const element = win.document.createElement('iframe') as FrameElementLike
    element.title = 'Latch secure wallet'
    element.setAttribute('allow', 'clipboard-write')
    element.setAttribute('style', frameStyle)
    element.src = `${authUrl}/frame?projectId=${encodeURIComponent(parameters.projectId)}`
    dialog.appendChild(element)
    win.addEventListener('message', onMessage)
    win.document.body.appendChild(dialog)
    host = dialog
    iframe = element
    return element
  }

  function ready(): Promise<void> {
    if (destroyed) return Promise.reject(new EmbeddedWalletAbortedError())
    readyPromise ??= new Promise<void>((resolve, reject) => {
      const stop = emitter.on('event', (event) => {
        if (event.name !== 'ready') return
        stop()
        scheduler.clearTimeout(timer)
        // The frame reads its storage right after load; spec: wait 500 ms after ready.
        scheduler.setTimeout(resolve, frameReadyDelayMs)
      })
      const timer = scheduler.setTimeout(() => {
        stop()
        // The next call tries a fresh frame (the auth site may be back).
        removeFrame()
        readyPromise = undefined
        reject(new EmbeddedWalletLoadError({ authUrl, timeoutMs: frameLoadTimeoutMs }))
      }, frameLoadTimeoutMs)
      mount()
    })
    return readyPromise
  }

  function removeFrame() {
    win?.removeEventListener('message', onMessage)
    host?.remove()
    host = undefined
    iframe = undefined
    readySeen = false
  }

  async function request<method extends FrameMethod>(
    method: method,
    params: FrameRequestParams<method>,
  ): Promise<FrameResult<method>> {
    await ready()
    const target = iframe?.contentWindow
    if (destroyed || !target) throw abortError(method)
    const id = randomId()
    const timeoutMs = getFrameRequestTimeoutMs(method)
    return new Promise<FrameResult<method>>((resolve, reject) => {
      const timer = scheduler.setTimeout(() => {
        pending.delete(id)
        reject(new EmbeddedWalletTimeoutError({ method, timeoutMs }))
      }, timeoutMs)
      pending.set(id, {
        method,
        resolve: resolve as (value: unknown) => void,
        reject,
        timer,
      })
      target.postMessage({ type: 'latch:frame:request', id, method, params }, authOrigin)
    })
  }

  return {
    ready,
    request,
    onEvent: (listener) => emitter.on('event', listener),
    show() {
      if (!iframe || !host) return
      const active = win?.document.activeElement as FocusableLike | undefined
      if (active && active !== iframe) focusBefore = active
      host.setAttribute('style', `${shownStyle};z-index:${zIndex}`)
      if (host.showModal && !host.open) host.showModal()
      iframe.focus?.()
    },
    hide() {
      if (!host) return
      if (host.close && host.open) host.close()
      host.setAttribute('style', hiddenStyle)
      focusBefore?.focus?.()
      focusBefore = undefined
    },
    destroy() {
      destroyed = true
      abortPending()
      removeFrame()
      emitter.clear()
    },
  }
}

/** The core error for a refusal the frame answered. */
function toFrameError(
  method: FrameMethod,
  {
    code,
    message,
    retryAfterSeconds,
  }: { code: string | number; message: string; retryAfterSeconds?: number | undefined },
): Error {
  if (code === 'EMAIL_COOLDOWN' && retryAfterSeconds !== undefined)
    return new EmailCooldownError(Math.max(1, retryAfterSeconds))
  // The frame gave up waiting for the auth API: the spec's timeout alert.
  if (code === 'TIMEOUT')
    return new EmbeddedWalletTimeoutError({ method, timeoutMs: frameApiTimeoutMs })
  if (code === 'AUTH_INIT_FAILED')
    return new AuthInitError({
      cause: new EmbeddedWalletRequestError({ frameCode: code, message }),
    })
  if (isSocialSignInErrorReason(code)) return new SocialSignInError({ reason: code, message })
  return new EmbeddedWalletRequestError({ frameCode: code, message })
}

/** 'Something went wrong'; for an RPC request 'Request was aborted' (an AbortError cause). */
function abortError(method: FrameMethod): EmbeddedWalletAbortedError {
  if (method !== 'rpcRequest') return new EmbeddedWalletAbortedError()
  const cause = Object.assign(new Error('Request was aborted'), { name: 'AbortError' })
  return new EmbeddedWalletAbortedError({ cause })
}
