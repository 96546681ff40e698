import { expect, test } from 'vitest'
import { type CreateRelayHubParameters, createRelayHub } from './createRelayHub.ts'
import { parseRelayJson } from './relayJson.ts'

type Frame = {
  id: unknown
  method?: string
  params?: { id: string; data: { topic: string; message: string; tag: number } }
  result?: unknown
  error?: { code: number; message: string }
}

function setup(options: CreateRelayHubParameters = {}) {
  let next = 1_800_000_000_000_000_000n
  const hub = createRelayHub({ createId: () => next++, ...options })
  const connect = (clientId: string) => {
    const raw: string[] = []
    const disconnected: string[] = []
    const connection = hub.connect({
      clientId,
      send: (text) => raw.push(text),
      disconnect: (reason) => disconnected.push(reason),
    })
    let requestId = 0
    return {
      raw,
      disconnected,
      connection,
      frames: () => raw.map((text) => parseRelayJson(text) as Frame),
      /** Pushed messages as `tag:message`, acknowledging each unless told not to. */
      received(ack = true) {
        const pushes = raw
          .map((text) => parseRelayJson(text) as Frame)
          .filter((frame) => frame.method === 'irn_subscription')
        raw.length = 0
        if (ack)
          for (const push of pushes)
            connection.receive(`{"id":"${push.id}n","jsonrpc":"2.0","result":true}`)
        return pushes.map((push) => `${push.params?.data.tag}:${push.params?.data.message}`)
      },
      call(method: string, params: unknown) {
        connection.receive(JSON.stringify({ id: ++requestId, jsonrpc: '2.0', method, params }))
      },
    }
  }
  return { hub, connect }
}

test('a 19-digit request id round-trips digit for digit', () => {
  const { connect } = setup()
  const client = connect('did:key:a')
  client.connection.receive(
    '{"id":1795257393209960961,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"t","message":"m","ttl":300}}',
  )
  client.connection.receive(
    '{"id":"1795257393209960962","jsonrpc":"2.0","method":"irn_unsubscribe","params":{"topic":"t","id":"x"}}',
  )
  expect(client.raw).toMatchInlineSnapshot(`
    [
      "{"id":1795257393209960961,"jsonrpc":"2.0","result":true}",
      "{"id":"1795257393209960962","jsonrpc":"2.0","result":true}",
    ]
  `)
})

test('unknown methods, bad params and bad JSON get JSON-RPC errors', () => {
  const { connect } = setup()
  const client = connect('did:key:a')
  client.call('irn_watchRegister', {})
  client.call('irn_publish', { topic: 't' })
  client.connection.receive('{not json')
  expect(client.frames().map((frame) => frame.error)).toMatchInlineSnapshot(`
    [
      {
        "code": -32601,
        "message": "Method "irn_watchRegister" is not supported by this relay.",
      },
      {
        "code": -32602,
        "message": "Param "message" must be a non-empty string.",
      },
      {
        "code": -32700,
        "message": "Parse error.",
      },
    ]
  `)
})

test('proposing and approving subscribe the callers and route the three messages', () => {
  const { connect } = setup()
  const dapp = connect('did:key:dapp')
  const wallet = connect('did:key:wallet')

  dapp.call('wc_proposeSession', { pairingTopic: 'pairing', sessionProposal: 'proposal', ttl: 300 })
  wallet.call('irn_subscribe', { topic: 'pairing' })
  expect(wallet.received()).toEqual(['1100:proposal'])

  wallet.call('wc_approveSession', {
    pairingTopic: 'pairing',
    sessionTopic: 'session',
    sessionProposalResponse: 'response',
    sessionSettlementRequest: 'settle',
  })
  expect(dapp.received()).toEqual(['1101:response'])
  expect(wallet.received()).toEqual([])

  // The dapp subscribes to the session topic only after the response: the settlement waits.
  dapp.call('irn_subscribe', { topic: 'session' })
  expect(dapp.received()).toEqual(['1102:settle'])

  dapp.call('irn_publish', { topic: 'session', message: 'request', ttl: 300, tag: 1108 })
  expect(wallet.received()).toEqual(['1108:request'])
  expect(dapp.received()).toEqual([])
})

test('each message reaches a client once; an unacknowledged one comes back on resubscribe', () => {
  const { connect } = setup()
  const dapp = connect('did:key:dapp')
  const wallet = connect('did:key:wallet')
  wallet.call('irn_subscribe', { topic: 't' })
  dapp.call('irn_publish', { topic: 't', message: 'one', ttl: 300 })
  expect(wallet.received(false)).toEqual(['0:one'])

  // A second socket of the same client does not get it again while the first holds it...
  const walletAgain = connect('did:key:wallet')
  walletAgain.call('irn_subscribe', { topic: 't' })
  expect(walletAgain.received()).toEqual([])

  // ...but does once the first closes without acknowledging it.
  wallet.connection.close()
  expect(walletAgain.received()).toEqual(['0:one'])

  const walletThird = connect('did:key:wallet')
  walletThird.call('irn_batchSubscribe', { topics: ['t'] })
  expect(walletThird.received()).toEqual([])
})

test('fetching returns what the client has not had, with hasMore false', () => {
  const { connect } = setup()
  const dapp = connect('did:key:dapp')
  const wallet = connect('did:key:wallet')
  dapp.call('irn_batchPublish', {
    messages: [
      { topic: 'a', message: 'one', ttl: 300 },
      { topic: 'b', message: 'two', ttl: 300, tag: 7 },
    ],
  })
  wallet.call('irn_batchFetchMessages', { topics: ['a', 'b'] })
  wallet.call('irn_fetchMessages', { topic: 'a' })
  const [first, second] = wallet.frames()
  expect(first?.result).toMatchObject({
    messages: [
      { topic: 'a', message: 'one', tag: 0, attestation: '' },
      { topic: 'b', message: 'two', tag: 7, attestation: '' },
    ],
    hasMore: false,
  })
  expect(second?.result).toEqual({ messages: [], hasMore: false })
})

test('topics per client are capped across its sockets; unsubscribing frees a place', () => {
  const { connect } = setup({ limits: { maxTopicsPerClient: 2 } })
  const first = connect('did:key:a')
  const second = connect('did:key:a')
  first.call('irn_subscribe', { topic: 't1' })
  second.call('irn_batchSubscribe', { topics: ['t1', 't2'] })
  second.call('irn_subscribe', { topic: 't3' })
  first.call('irn_unsubscribe', { topic: 't1' })
  // t1 is still held by the second socket: no place freed yet.
  first.call('irn_subscribe', { topic: 't3' })
  second.call('irn_unsubscribe', { topic: 't1' })
  second.call('irn_subscribe', { topic: 't3' })
  const errors = [...first.frames(), ...second.frames()]
    .filter((frame) => frame.error)
    .map((frame) => frame.error)
  expect(errors).toMatchInlineSnapshot(`
    [
      {
        "code": -32000,
        "message": "Too many topics: a client may subscribe to at most 2.",
      },
      {
        "code": -32000,
        "message": "Too many topics: a client may subscribe to at most 2.",
      },
    ]
  `)
  expect(second.frames().at(-1)?.result).toMatch(/^[0-9a-f]{64}$/)
  // Another client has its own allowance.
  const other = connect('did:key:b')
  other.call('irn_batchSubscribe', { topics: ['t1', 't2'] })
  expect(other.frames()[0]?.error).toBeUndefined()
})

test('an oversized message, a full topic and a full store are refused; nothing stored is dropped', () => {
  const { connect, hub } = setup({
    limits: { maxMessageLength: 10, maxMessagesPerTopic: 2, maxStoredLength: 25 },
  })
  const dapp = connect('did:key:dapp')
  dapp.call('irn_publish', { topic: 't', message: 'x'.repeat(11), ttl: 300 })
  dapp.call('irn_publish', { topic: 't', message: 'one', ttl: 300 })
  dapp.call('irn_publish', { topic: 't', message: 'two', ttl: 300 })
  dapp.call('irn_publish', { topic: 't', message: 'three', ttl: 300 })
  // Re-publishing a held message is not a new one.
  dapp.call('irn_publish', { topic: 't', message: 'two', ttl: 300 })
  dapp.call('irn_publish', { topic: 'u', message: 'x'.repeat(10), ttl: 300 })
  dapp.call('irn_publish', { topic: 'v', message: 'x'.repeat(10), ttl: 300 })
  expect(dapp.frames().map((frame) => frame.error?.message ?? frame.result)).toMatchInlineSnapshot(`
    [
      "Message too large: at most 10 characters, got 11.",
      true,
      true,
      "Topic is full: it holds 2 unexpired messages.",
      true,
      true,
      "Relay storage is full: try again when messages expire.",
    ]
  `)
  expect(hub.store.size()).toBe(3)
  const wallet = connect('did:key:wallet')
  wallet.call('irn_subscribe', { topic: 't' })
  expect(wallet.received()).toEqual(['0:one', '0:two'])
})

test('requested TTLs are lowered to the maximum', () => {
  let time = 1_000_000
  const { connect, hub } = setup({ now: () => time, limits: { maxTtlSeconds: 60 } })
  const dapp = connect('did:key:dapp')
  dapp.call('irn_publish', { topic: 't', message: 'short', ttl: 30 })
  dapp.call('irn_publish', { topic: 't', message: 'long', ttl: 30 * 86_400 })
  time += 45_000
  expect(hub.prune()).toBe(1)
  time += 15_000
  expect(hub.prune()).toBe(1)
  expect(hub.store.size()).toBe(0)
})

test('a socket that floods requests is disconnected; acknowledgements are not counted', () => {
  let time = 0
  const { connect } = setup({
    now: () => time,
    limits: { requestsPerSecond: 10, requestBurst: 20 },
  })
  const flooder = connect('did:key:flood')
  const calm = connect('did:key:calm')
  calm.call('irn_subscribe', { topic: 't' })
  for (let index = 0; index < 20; index++)
    flooder.call('irn_publish', { topic: 't', message: `m${index}`, ttl: 300 })
  // 20 pushes acknowledged by the calm client do not count against it.
  expect(calm.received()).toHaveLength(20)
  expect(flooder.disconnected).toEqual([])
  flooder.call('irn_publish', { topic: 't', message: 'one too many', ttl: 300 })
  expect(flooder.disconnected).toEqual(['Too many requests.'])
  // Nothing it sends afterwards is handled.
  const answered = flooder.frames().length
  flooder.call('irn_publish', { topic: 't', message: 'after', ttl: 300 })
  expect(flooder.frames()).toHaveLength(answered)
  expect(calm.received()).toEqual([])
  // A steady client refills: 10 requests a second for 3 s pass.
  for (let index = 0; index < 30; index++) {
    time += 100
    calm.call('irn_publish', { topic: 'u', message: `c${index}`, ttl: 300 })
  }
  expect(calm.disconnected).toEqual([])
})
