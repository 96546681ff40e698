import { createLatchConfig, createModalRouter, type LatchNetwork } from '@latch/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { loadAnalytics } from './loadAnalytics.ts'

const startAnalytics = vi.hoisted(() =>
  vi.fn((..._args: unknown[]) => () => {}),
)
vi.mock('./startAnalytics.ts', () => ({ startAnalytics }))

const network: LatchNetwork = {
  id: 31337,
  name: 'Latch Devnet',
  caipNetworkId: 'eip155:31337',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('loadAnalytics', () => {
  let idle: (() => void)[]
  beforeEach(() => {
    idle = []
    startAnalytics.mockClear()
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task))
    vi.stubGlobal('cancelIdleCallback', (handle: number) => {
      idle[handle - 1] = () => {}
    })
  })
  afterEach(() => vi.unstubAllGlobals())
  const setUp = () => {
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api.test',
      projectId: 'p',
    })
    expect(config.options.features.analytics).toBe(true)
    return { config, modal: createModalRouter() }
  }

  it('loads when idle after the modal opens (not in the click), and that opening counts', async () => {
    const { config, modal } = setUp()
    const stop = loadAnalytics(config, modal)
    await settle()
    expect(idle).toHaveLength(0)
    modal.open()
    await settle()
    expect(startAnalytics).not.toHaveBeenCalled()
    expect(idle).toHaveLength(1)
    modal.close()
    modal.open()
    expect(idle).toHaveLength(1)
    for (const task of idle) task()
    await vi.waitFor(() => expect(startAnalytics).toHaveBeenCalledTimes(1))
    expect(startAnalytics.mock.calls[0]?.[2]).toEqual({ modalOpened: true })
    stop()
  })

  it('never loads when stopped before the page was idle', async () => {
    const { config, modal } = setUp()
    const stop = loadAnalytics(config, modal)
    modal.open()
    stop()
    for (const task of idle) task()
    await settle()
    expect(startAnalytics).not.toHaveBeenCalled()
  })

  it('loads at once when a connection starts, without waiting for idle', async () => {
    const { config, modal } = setUp()
    const stop = loadAnalytics(config, modal)
    modal.open()
    config._internal.setState((state) => ({ ...state, status: 'connecting' }))
    await vi.waitFor(() => expect(startAnalytics).toHaveBeenCalledTimes(1))
    for (const task of idle) task()
    await settle()
    expect(startAnalytics).toHaveBeenCalledTimes(1)
    stop()
  })
})
