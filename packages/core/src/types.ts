/**
 * The few host types core needs, declared here so core type-checks without the DOM lib and
 * runs unchanged in browsers, Node and tests.
 */

/** A 0x-prefixed hex string. */
export type Hex = `0x${string}`

/** Arguments of an EIP-1193 `request`. */
export type Eip1193RequestArguments = {
  readonly method: string
  readonly params?: readonly unknown[] | object | undefined
}

/** The EIP-1193 provider surface Latch relies on; events are optional as some wallets omit them. */
export type Eip1193Provider = {
  request(args: Eip1193RequestArguments): Promise<unknown>
  on?(event: string, listener: (...args: never[]) => void): unknown
  removeListener?(event: string, listener: (...args: never[]) => void): unknown
}

/** The minimal event shape EIP-6963 needs (a DOM `Event` or `CustomEvent` satisfies it). */
export type EventLike = { readonly type: string }

/** The minimal `EventTarget` EIP-6963 discovery needs: `window` in browsers, a fake in tests. */
export type EventTargetLike = {
  addEventListener(type: string, listener: (event: EventLike) => void): void
  removeEventListener(type: string, listener: (event: EventLike) => void): void
  dispatchEvent(event: EventLike): boolean
}

/** Synchronous key-value storage (`window.localStorage` satisfies it). */
export type KeyValueStorage = {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
  removeItem(key: string): void
}

/** The part of a `fetch` response that Latch reads. */
export type FetchResponseLike = {
  readonly ok: boolean
  readonly status: number
  /** Read for `Retry-After`; fakes may leave it out. */
  readonly headers?: { get(name: string): string | null } | undefined
  json(): Promise<unknown>
}

/** The part of `fetch` that Latch calls; injected in tests, `globalThis.fetch` otherwise. */
export type FetchLike = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string; signal?: unknown },
) => Promise<FetchResponseLike>

/** Stops a subscription. */
export type Unsubscribe = () => void

/**
 * Timers, injected so rules with delays (toasts, the modal router) run under fake timers in
 * tests; `globalThis.setTimeout` by default.
 */
export type Scheduler = {
  setTimeout(callback: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}
