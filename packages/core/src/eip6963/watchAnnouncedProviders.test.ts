import { describe, expect, it } from 'vitest'
import type { EventLike, EventTargetLike } from '../types.ts'
import { type Eip6963ProviderDetail, watchAnnouncedProviders } from './watchAnnouncedProviders.ts'

// Node's own EventTarget and CustomEvent stand in for `window`: fake by injection.
const host = globalThis as unknown as {
  EventTarget: new () => EventTargetLike
  CustomEvent: new (type: string, init: { detail: unknown }) => EventLike
}

const icon = 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E'

function fakeWallet(target: EventTargetLike, info: Partial<Eip6963ProviderDetail['info']>) {
  const provider = { request: async () => null }
  const detail = {
    info: { uuid: 'uuid-1', name: 'Wallet', icon, rdns: 'dev.wallet', ...info },
    provider,
  }
  const announce = () =>
    target.dispatchEvent(new host.CustomEvent('eip6963:announceProvider', { detail }))
  return { provider, announce }
}

describe('watchAnnouncedProviders', () => {
  it('asks wallets to announce and collects each provider once', () => {
    const target = new host.EventTarget()
    const a = fakeWallet(target, { uuid: 'a', name: 'Alpha', rdns: 'dev.alpha' })
    let requests = 0
    target.addEventListener('eip6963:requestProvider', () => {
      requests += 1
      a.announce()
    })
    const seen: string[][] = []
    const stop = watchAnnouncedProviders({
      target,
      onChange: (providers) => seen.push(providers.map((p) => p.info.name)),
    })
    expect(requests).toBe(1)
    a.announce()
    const b = fakeWallet(target, { uuid: 'b', name: ' Beta ', rdns: 'dev.beta' })
    b.announce()
    expect(seen).toEqual([['Alpha'], ['Alpha', 'Beta']])

    stop()
    fakeWallet(target, { uuid: 'c', name: 'Gamma', rdns: 'dev.gamma' }).announce()
    expect(seen).toHaveLength(2)
  })

  it('ignores malformed announcements and drops icons that are not data URIs', () => {
    const target = new host.EventTarget()
    const seen: Eip6963ProviderDetail[][] = []
    watchAnnouncedProviders({ target, onChange: (providers) => seen.push([...providers]) })
    for (const detail of [
      undefined,
      { info: { uuid: 'x', name: 'No provider', icon, rdns: 'dev.x' } },
      { info: { uuid: 'y', name: 'Bad provider', icon, rdns: 'dev.y' }, provider: {} },
      { info: { name: 'No uuid', icon, rdns: 'dev.z' }, provider: { request() {} } },
    ])
      target.dispatchEvent(new host.CustomEvent('eip6963:announceProvider', { detail }))
    expect(seen).toEqual([])

    fakeWallet(target, { icon: 'https://tracker.example/icon.png' }).announce()
    expect(seen[0]?.[0]?.info.icon).toBe('')
  })

  it('uses the injected event factory', () => {
    const target = new host.EventTarget()
    const types: string[] = []
    watchAnnouncedProviders({
      target,
      onChange: () => {},
      createEvent: (type) => {
        types.push(type)
        return new host.CustomEvent(type, { detail: null })
      },
    })
    expect(types).toEqual(['eip6963:requestProvider'])
  })
})
