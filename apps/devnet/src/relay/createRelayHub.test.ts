import { expect, test } from 'vitest'
import { createRelayHub } from './createRelayHub.ts'
import { parseRelayJson } from './relayJson.ts'

type Frame = {
  id: unknown
  method?: string
  params?: { id: string; data: { topic: string; message: string; tag: number } }
  result?: unknown
  error?: { code: number; message: string }
}

function setup() {
  let next = 1_800_000_000_000_000_000n
  const hub = createRelayHub({ createId: () => next++ })
  const connect = (clientId: string) => {
    const raw: string[] = []
    const connection = hub.connect({ clientId, send: (text) => raw.push(text) })
    let requestId = 0
    return {
      raw,
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
