import type { Eip1193Provider, EventLike, EventTargetLike, Unsubscribe } from '../types.ts'

/** EIP-6963 wallet metadata. */
export type Eip6963ProviderInfo = {
  readonly uuid: string
  readonly name: string
  /** A data URI (EIP-6963 requires one; others are dropped so no outside host is contacted). */
  readonly icon: string
  /** Reverse-DNS id of the wallet, stable across page loads (e.g. "io.metamask"). */
  readonly rdns: string
}

/** What a wallet sends in `eip6963:announceProvider`. */
export type Eip6963ProviderDetail = {
  readonly info: Eip6963ProviderInfo
  readonly provider: Eip1193Provider
}

export type WatchAnnouncedProvidersParameters = {
  /** Where wallets announce themselves: `window` in a browser, an `EventTarget` in tests. */
  target: EventTargetLike
  /** Called with every provider announced so far, each time a new one arrives. */
  onChange(providers: readonly Eip6963ProviderDetail[]): void
  /** Creates the `eip6963:requestProvider` event; default `new globalThis.Event(type)`. */
  createEvent?: ((type: string) => EventLike) | undefined
}

export type WatchAnnouncedProvidersReturnType = Unsubscribe

/**
 * Discovers wallets through EIP-6963: listens for `eip6963:announceProvider`, then asks every
 * wallet to announce itself with `eip6963:requestProvider`. Providers are kept once per uuid.
 */
export function watchAnnouncedProviders(
  parameters: WatchAnnouncedProvidersParameters,
): WatchAnnouncedProvidersReturnType {
  const { target, onChange } = parameters
  const providers = new Map<string, Eip6963ProviderDetail>()

  const onAnnounce = (event: EventLike) => {
    const detail = readDetail(event)
    if (!detail || providers.get(detail.info.uuid)?.provider === detail.provider) return
    providers.set(detail.info.uuid, detail)
    onChange([...providers.values()])
  }

  target.addEventListener('eip6963:announceProvider', onAnnounce)
  target.dispatchEvent((parameters.createEvent ?? createEvent)('eip6963:requestProvider'))
  return () => target.removeEventListener('eip6963:announceProvider', onAnnounce)
}

function createEvent(type: string): EventLike {
  const EventConstructor = (globalThis as { Event?: new (type: string) => EventLike }).Event
  if (!EventConstructor) throw new Error('No global Event constructor: pass createEvent.')
  return new EventConstructor(type)
}

/** Validates an announcement: a page can dispatch anything under this event name. */
function readDetail(event: EventLike): Eip6963ProviderDetail | undefined {
  const detail = (event as { detail?: unknown }).detail
  if (typeof detail !== 'object' || detail === null) return undefined
  const { info, provider } = detail as { info?: unknown; provider?: unknown }
  if (typeof info !== 'object' || info === null) return undefined
  const { uuid, name, icon, rdns } = info as Record<string, unknown>
  if (typeof uuid !== 'string' || typeof name !== 'string' || typeof rdns !== 'string')
    return undefined
  if (!uuid || !name.trim() || !rdns) return undefined
  if (typeof provider !== 'object' || provider === null) return undefined
  if (typeof (provider as { request?: unknown }).request !== 'function') return undefined
  const safeIcon = typeof icon === 'string' && /^data:image\//.test(icon) ? icon : ''
  return {
    info: { uuid, name: name.trim(), icon: safeIcon, rdns },
    provider: provider as Eip1193Provider,
  }
}
