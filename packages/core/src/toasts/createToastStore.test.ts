import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createFakeScheduler as fakeScheduler } from '../testing/createFakeScheduler.ts'
import { createToastStore, type ToastState } from './createToastStore.ts'

const visible = (state: ToastState) =>
  state.open ? `${state.variant}: ${state.message}` : 'closed'

describe('createToastStore', () => {
  it('shows a toast and hides it after 2500 ms', () => {
    const clock = fakeScheduler()
    const toasts = createToastStore({ scheduler: clock.scheduler })
    toasts.show({ variant: 'success', message: 'Address copied' })
    expect(visible(toasts.getState())).toBe('success: Address copied')
    clock.advance(2499)
    expect(toasts.getState().open).toBe(true)
    clock.advance(1)
    expect(toasts.getState()).toMatchObject({ open: false, message: 'Address copied' })
  })

  it('closes an open toast and shows the new one 150 ms later', () => {
    const clock = fakeScheduler()
    const toasts = createToastStore({ scheduler: clock.scheduler })
    const seen: string[] = []
    toasts.subscribe((state) => seen.push(visible(state)))
    toasts.show({ variant: 'loading', message: 'Switching network' })
    clock.advance(10_000)
    toasts.show({ variant: 'error', message: 'Token Balance Unavailable' })
    expect(toasts.getState().open).toBe(false)
    clock.advance(149)
    expect(toasts.getState().open).toBe(false)
    clock.advance(1)
    expect(seen).toEqual([
      'loading: Switching network',
      'closed',
      'error: Token Balance Unavailable',
    ])
    // The old toast's timers do not hide the new one early.
    clock.advance(2499)
    expect(toasts.getState().open).toBe(true)
  })

  it('keeps a loading toast until hidden, and shows only the newest of quick successive messages', () => {
    const clock = fakeScheduler()
    const toasts = createToastStore({ scheduler: clock.scheduler, duration: 1000 })
    toasts.show({ variant: 'loading', message: 'a' })
    toasts.show({ variant: 'success', message: 'b' })
    toasts.show({ variant: 'success', message: 'c', duration: 50 })
    clock.advance(150)
    expect(visible(toasts.getState())).toBe('success: c')
    clock.advance(50)
    expect(toasts.getState().open).toBe(false)

    toasts.show({ variant: 'loading', message: 'd' })
    clock.advance(60_000)
    expect(visible(toasts.getState())).toBe('loading: d')
    toasts.hide()
    expect(toasts.getState().open).toBe(false)
    toasts.show({ variant: 'error', message: 'e' })
    expect(visible(toasts.getState())).toBe('error: e')
  })

  it('cancels a pending toast on hide', () => {
    const clock = fakeScheduler()
    const toasts = createToastStore({ scheduler: clock.scheduler })
    toasts.show({ variant: 'success', message: 'a' })
    toasts.show({ variant: 'success', message: 'b' })
    toasts.hide()
    clock.advance(1000)
    expect(toasts.getState()).toMatchObject({ open: false, message: 'a' })
  })
})

describe('createToastStore with the default scheduler', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('uses the host timers, so fake timers drive it', () => {
    const toasts = createToastStore()
    toasts.show({ variant: 'success', message: 'a' })
    vi.advanceTimersByTime(2500)
    expect(toasts.getState().open).toBe(false)
  })
})
