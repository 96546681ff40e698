import { describe, expect, it } from 'vitest'
import { createModalRouter } from './createModalRouter.ts'

const views = (router: ReturnType<typeof createModalRouter>) =>
  router.getState().history.map((route) => route.view)

describe('createModalRouter', () => {
  it('opens on Connect with a single history entry', () => {
    const router = createModalRouter()
    router.open()
    expect(router.getState().open).toBe(true)
    expect(views(router)).toEqual(['Connect'])
  })

  it('ignores pushing the current view and goes back', () => {
    const router = createModalRouter()
    router.open()
    router.push({ view: 'ConnectingExternal', connectorId: 'a' })
    router.push({ view: 'ConnectingExternal', connectorId: 'a' })
    expect(views(router)).toEqual(['Connect', 'ConnectingExternal'])
    router.push({ view: 'ConnectingExternal', connectorId: 'b' })
    expect(router.getState().history).toHaveLength(3)
    router.back()
    router.back()
    expect(views(router)).toEqual(['Connect'])
    expect(router.getState().open).toBe(true)
  })

  it('closes on back from a single entry or from UnsupportedChain', () => {
    const router = createModalRouter()
    router.open()
    router.back()
    expect(router.getState().open).toBe(false)

    router.open()
    router.push({ view: 'UnsupportedChain' })
    router.push({ view: 'Connect' })
    router.back()
    expect(router.getState().open).toBe(false)
  })

  it('replaces the last entry and resets the history', () => {
    const router = createModalRouter()
    router.open()
    router.push({ view: 'ConnectingWalletConnect' })
    router.replace({ view: 'ConnectingExternal', connectorId: 'a' })
    expect(views(router)).toEqual(['Connect', 'ConnectingExternal'])
    router.reset({ view: 'Account' })
    expect(views(router)).toEqual(['Account'])
  })

  it('notifies subscribers', () => {
    const router = createModalRouter()
    const seen: boolean[] = []
    const stop = router.subscribe((state) => seen.push(state.open))
    router.open()
    router.close()
    stop()
    router.open()
    expect(seen).toEqual([true, false])
  })
})
