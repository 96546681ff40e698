import { describe, expect, it } from 'vitest'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import { createModalRouter, type ModalRouter, type ModalView } from './createModalRouter.ts'

const views = (router: ModalRouter) => router.getState().history.map((route) => route.view)

function openOn(router: ModalRouter, ...path: ModalView[]) {
  router.open()
  for (const view of path) router.push({ view })
}

describe('createModalRouter', () => {
  it('opens on Connect with a single history entry, not loading', () => {
    const router = createModalRouter()
    expect(router.getState()).toEqual({
      open: false,
      loading: false,
      history: [{ view: 'Connect' }],
    })
    router.open()
    expect(router.getState().open).toBe(true)
    expect(views(router)).toEqual(['Connect'])
    router.open({ view: 'Account' })
    expect(views(router)).toEqual(['Account'])
  })

  it('ignores pushing the view that is already current, whatever its data', () => {
    const router = createModalRouter()
    router.open()
    router.push({ view: 'ConnectingExternal', connectorId: 'a' })
    router.push({ view: 'ConnectingExternal', connectorId: 'b' })
    expect(router.getState().history).toEqual([
      { view: 'Connect' },
      { view: 'ConnectingExternal', connectorId: 'a' },
    ])
    router.push({ view: 'Connect' })
    expect(views(router)).toEqual(['Connect', 'ConnectingExternal', 'Connect'])
  })

  it('carries route data: connector, wallet listing, network', () => {
    const router = createModalRouter()
    router.open()
    const wallet = { id: 'rainbow', name: 'Rainbow', mobile_link: 'rainbow://' }
    router.push({ view: 'ConnectingWalletConnect', connectorId: 'walletConnect', wallet })
    router.push({ view: 'Networks', caipNetworkId: 'eip155:10' })
    expect(router.getState().history.slice(1)).toEqual([
      { view: 'ConnectingWalletConnect', connectorId: 'walletConnect', wallet },
      { view: 'Networks', caipNetworkId: 'eip155:10' },
    ])
  })

  it('goes back one entry, and closes from a single entry', () => {
    const router = createModalRouter()
    openOn(router, 'AllWallets', 'ConnectingWalletConnect')
    router.back()
    expect(views(router)).toEqual(['Connect', 'AllWallets'])
    router.back()
    expect(views(router)).toEqual(['Connect'])
    expect(router.getState().open).toBe(true)
    router.back()
    expect(router.getState()).toMatchObject({ open: false, history: [{ view: 'Connect' }] })
  })

  it('closes on back whenever the history contains UnsupportedChain', () => {
    const router = createModalRouter()
    openOn(router, 'UnsupportedChain', 'Networks')
    router.back()
    expect(router.getState().open).toBe(false)
    expect(views(router)).toEqual(['Connect', 'UnsupportedChain', 'Networks'])
  })

  it('replaces the last entry, resets to one entry, and goes back to an index', () => {
    const router = createModalRouter()
    openOn(router, 'ConnectingWalletConnect')
    router.replace({ view: 'ConnectingExternal', connectorId: 'a' })
    expect(views(router)).toEqual(['Connect', 'ConnectingExternal'])
    router.reset({ view: 'Account' })
    expect(views(router)).toEqual(['Account'])
    openOn(router, 'AllWallets', 'ConnectingWalletConnect', 'ConnectingSiwe')
    router.goBackToIndex(1)
    expect(views(router)).toEqual(['Connect', 'AllWallets'])
  })

  it('keeps a loading flag, cleared when the modal opens or closes', () => {
    const router = createModalRouter()
    router.open()
    router.setLoading(true)
    expect(router.getState().loading).toBe(true)
    router.close()
    expect(router.getState()).toMatchObject({ open: false, loading: false })
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

describe('back from ConnectingFarcaster', () => {
  function setup(address: string | undefined) {
    const clock = createFakeScheduler()
    const calls: string[] = []
    const router = createModalRouter({
      scheduler: clock.scheduler,
      getActiveAddress: () => address,
      clearFarcasterUrl: () => calls.push('clearFarcasterUrl'),
      reloadAuthConnector: () => calls.push('reloadAuthConnector'),
    })
    openOn(router, 'ConnectingFarcaster')
    return { clock, calls, router }
  }

  it('without an account, clears the Farcaster URL and reloads the auth connector after 100 ms', () => {
    const { clock, calls, router } = setup(undefined)
    router.back()
    expect(views(router)).toEqual(['Connect'])
    expect(calls).toEqual(['clearFarcasterUrl'])
    clock.advance(99)
    expect(calls).toEqual(['clearFarcasterUrl'])
    clock.advance(1)
    expect(calls).toEqual(['clearFarcasterUrl', 'reloadAuthConnector'])
  })

  it('with an active account, only goes back', () => {
    const { clock, calls, router } = setup('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    router.back()
    clock.advance(1000)
    expect(calls).toEqual([])
    expect(views(router)).toEqual(['Connect'])
  })
})

describe('transaction stack', () => {
  it('cancel goes back, then runs onCancel', () => {
    const router = createModalRouter()
    openOn(router, 'Account', 'ApproveTransaction')
    const calls: string[] = []
    router.pushTransactionStack({
      view: 'Account',
      onCancel: () => calls.push(`cancel at ${views(router).at(-1)}`),
      onSuccess: () => calls.push('success'),
    })
    router.popTransactionStack(true)
    expect(calls).toEqual(['cancel at Account'])
    expect(views(router)).toEqual(['Connect', 'Account'])
  })

  it('success with goBack goes back, then runs onSuccess', () => {
    const router = createModalRouter()
    openOn(router, 'Account', 'ApproveTransaction')
    const calls: string[] = []
    router.pushTransactionStack({ goBack: true, onSuccess: () => calls.push(views(router).join()) })
    router.popTransactionStack()
    expect(calls).toEqual(['Connect,Account'])
  })

  it('success with replace goes back to the view before ConnectingSiwe', () => {
    const router = createModalRouter()
    openOn(router, 'AllWallets', 'ConnectingSiwe', 'SIWXSignMessage')
    router.pushTransactionStack({ replace: true })
    router.popTransactionStack()
    expect(views(router)).toEqual(['Connect', 'AllWallets'])
    expect(router.getState().open).toBe(true)
  })

  it('success with replace and no ConnectingSiwe closes the modal and clears the history', () => {
    const router = createModalRouter()
    openOn(router, 'ApproveTransaction')
    let ran = false
    router.pushTransactionStack({ replace: true, onSuccess: () => (ran = true) })
    router.popTransactionStack()
    expect(router.getState()).toEqual({ open: false, loading: false, history: [] })
    expect(ran).toBe(true)
    router.back()
    expect(router.getState().open).toBe(false)
    router.open()
    expect(views(router)).toEqual(['Connect'])
  })

  it('success with a view resets to it; with nothing, stays; the latest flow ends first', () => {
    const router = createModalRouter()
    openOn(router, 'RegisterAccountName')
    const order: string[] = []
    router.pushTransactionStack({ view: 'Account', onSuccess: () => order.push('outer') })
    router.pushTransactionStack({ onSuccess: () => order.push('inner') })
    router.popTransactionStack()
    expect(views(router)).toEqual(['Connect', 'RegisterAccountName'])
    router.popTransactionStack()
    expect(views(router)).toEqual(['Account'])
    expect(order).toEqual(['inner', 'outer'])
    router.popTransactionStack()
    expect(views(router)).toEqual(['Account'])
  })
})
