import { describe, expect, it } from 'vitest'
import { connect } from '../actions/connect.ts'
import { createLatchConfig } from '../createLatchConfig.ts'
import { createModalRouter } from '../router/createModalRouter.ts'
import { createFakeConnector } from '../testing/createFakeConnector.ts'
import { createFakeScheduler } from '../testing/createFakeScheduler.ts'
import type { FetchLike } from '../types.ts'
import type { LatchNetwork } from '../webConfig/parseLatchWebConfig.ts'
import { createAnalytics } from './createAnalytics.ts'
import { watchAnalyticsEvents } from './watchAnalyticsEvents.ts'

const network: LatchNetwork = {
  id: 31337,
  name: 'Latch Devnet',
  caipNetworkId: 'eip155:31337',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

/** A fake API answering the analytics calls, recording every request. */
function fakeApi({ enabled, eStatus = 200 }: { enabled: boolean; eStatus?: number }) {
  const requests: { method: string; path: string; body: unknown }[] = []
  const fetch: FetchLike = async (input, init) => {
    const url = new URL(String(input))
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    requests.push({ method: init?.method ?? 'GET', path: url.pathname, body })
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), {
        status,
        headers: { 'content-type': 'application/json' },
      })
    if (url.pathname === '/getAnalyticsConfig') return json(200, { isAnalyticsEnabled: enabled })
    if (url.pathname === '/e')
      return eStatus === 200
        ? json(200, { accepted: body.events.length })
        : json(eStatus, {
            error: { code: 'UNAUTHORIZED', message: 'Unauthorized: origin not allowed' },
          })
    return json(404, { error: { code: 'NOT_FOUND', message: 'no' } })
  }
  return { fetch, requests, sent: () => requests.filter((request) => request.path === '/e') }
}

function setUp(api: ReturnType<typeof fakeApi>) {
  const clock = createFakeScheduler()
  const wallet = createFakeConnector()
  const config = createLatchConfig({
    networks: [network],
    apiUrl: 'http://api.test',
    projectId: 'p',
    connectors: [wallet.connector],
    fetch: api.fetch,
    scheduler: clock.scheduler,
  })
  const analytics = createAnalytics(config, { flushDelayMs: 1000, maxBatch: 2 })
  const modal = createModalRouter()
  const stop = watchAnalyticsEvents(config, analytics, { modal })
  return { config, scheduler: clock, wallet, analytics, modal, stop }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('analytics', () => {
  it('off (the default): the config is asked once and nothing ever reaches /e', async () => {
    const api = fakeApi({ enabled: false })
    const { analytics, modal, scheduler } = setUp(api)
    modal.open()
    analytics.track('CUSTOM')
    await analytics.flush()
    scheduler.advance(60_000)
    await settle()
    expect(analytics.getState().status).toBe('disabled')
    expect(api.requests.map((request) => request.path)).toEqual(['/getAnalyticsConfig'])
  })

  it('on: modal open and connect outcomes are batched into POST /e after the delay', async () => {
    const api = fakeApi({ enabled: true })
    const { config, analytics, modal, scheduler, wallet } = setUp(api)
    modal.open()
    const connecting = connect(config, { connectorId: 'fake' })
    wallet.approve()
    await connecting
    await settle()
    expect(analytics.getState().status).toBe('enabled')
    // Nothing is sent before the delay: the UI never waits on analytics.
    expect(api.sent()).toEqual([])
    scheduler.advance(1000)
    await analytics.flush()
    const events = api
      .sent()
      .flatMap((request) => (request.body as { events: { props: unknown }[] }).events)
    expect(events.map((event) => event.props)).toEqual([
      { type: 'track', event: 'MODAL_OPEN' },
      {
        type: 'track',
        event: 'CONNECT_SUCCESS',
        address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        properties: { connector: 'fake' },
      },
    ])
    // A failed connection is an event too.
    config._internal.setState((state) => ({ ...state, status: 'disconnected' }))
    const failing = connect(config, { connectorId: 'fake' })
    wallet.reject({ code: 4001, message: 'User rejected the request.' })
    await failing.catch(() => {})
    config.transactions.add({
      hash: `0x${'ab'.repeat(32)}`,
      chainId: 31337,
      from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      submittedAt: 0,
    })
    await analytics.flush()
    const later = api
      .sent()
      .flatMap((request) => (request.body as { events: { props: { event: string } }[] }).events)
      .map((event) => event.props.event)
    expect(later).toEqual(['MODAL_OPEN', 'CONNECT_SUCCESS', 'CONNECT_ERROR', 'SEND_SUBMITTED'])
    // maxBatch 2: never more per request.
    for (const request of api.sent())
      expect((request.body as { events: unknown[] }).events.length).toBeLessThanOrEqual(2)
  })

  it('a 403 from /e stops analytics and keeps the origin error for the Invalid App Configuration alert', async () => {
    const api = fakeApi({ enabled: true, eStatus: 403 })
    const { analytics, modal } = setUp(api)
    const states: string[] = []
    analytics.subscribe((state) => states.push(state.status))
    modal.open()
    await analytics.flush()
    expect(analytics.getState()).toMatchObject({
      status: 'refused',
      error: { name: 'OriginNotAllowedError', status: 403 },
    })
    expect(states).toEqual(['enabled', 'refused'])
    analytics.track('AGAIN')
    await analytics.flush()
    expect(api.sent()).toHaveLength(1)
  })
})

describe('watchAnalyticsEvents', () => {
  it('counts the modal as opened when watching starts with it open (analytics loads on that click)', () => {
    const tracked: string[] = []
    const modal = createModalRouter()
    modal.open()
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api.test',
      projectId: 'p',
    })
    const stop = watchAnalyticsEvents(config, { track: (event) => tracked.push(event) }, { modal })
    modal.close()
    modal.open()
    stop()
    modal.close()
    modal.open()
    expect(tracked).toEqual(['MODAL_OPEN', 'MODAL_OPEN'])
  })

  it('counts an opening made before watching started once, though the modal has closed since', () => {
    const tracked: string[] = []
    const modal = createModalRouter()
    const config = createLatchConfig({
      networks: [network],
      apiUrl: 'http://api.test',
      projectId: 'p',
    })
    const stop = watchAnalyticsEvents(
      config,
      { track: (event) => tracked.push(event) },
      { modal, modalOpened: true },
    )
    expect(tracked).toEqual(['MODAL_OPEN'])
    modal.open()
    stop()
    expect(tracked).toEqual(['MODAL_OPEN', 'MODAL_OPEN'])
  })
})
