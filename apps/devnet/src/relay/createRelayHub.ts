import { createHash, randomInt } from 'node:crypto'
import { createTopicStore, type StoredMessage, type TopicStore } from './createTopicStore.ts'
import { parseRelayJson, stringifyRelayJson } from './relayJson.ts'

/** One authenticated socket, as the hub sees it. */
export type RelayPeer = {
  /** The client's `did:key` (the `iss` of its auth JWT). */
  clientId: string
  /** Writes one text frame to the socket. */
  send(text: string): void
}

/** What the transport calls for a connected socket. */
export type RelayConnection = {
  /** Handles one text frame from the socket. */
  receive(text: string): void
  /** Forgets the socket: drops its subscriptions and re-queues deliveries it never acknowledged. */
  close(): void
}

export type CreateRelayHubParameters = {
  /** Clock in milliseconds; injected by tests. */
  now?: () => number
  log?: (line: string) => void
  /** Ids for the `irn_subscription` requests the relay sends; 19 digits like the SDKs' own. */
  createId?: () => bigint
}

export type RelayHub = {
  /** Registers an authenticated socket. */
  connect(peer: RelayPeer): RelayConnection
  /** Drops expired messages; returns how many went. */
  prune(): number
  readonly store: TopicStore
}

type JsonRpcId = string | number | bigint
type Params = Record<string, unknown>
type Connection = {
  peer: RelayPeer
  label: string
  /** topic -> subscription id */
  topics: Map<string, string>
  /** id of an `irn_subscription` request -> the message it carried */
  unacked: Map<string, StoredMessage>
}
type Handler = (
  connection: Connection,
  params: Params,
  afterReply: (task: () => void) => void,
) => unknown

/** Default TTL (seconds) for custom publish methods that carry none; the SDKs use 5 minutes. */
const defaultTtl = 300
const tags = { sessionPropose: 1100, sessionProposeResponse: 1101, sessionSettle: 1102 } as const

class InvalidParamsError extends Error {
  override name = 'InvalidParamsError' as const
}

/**
 * Creates the transport-free core of the WalletConnect v2 relay: JSON-RPC in and out as text,
 * subscriptions per socket, messages kept per topic and handed once per client id.
 */
export function createRelayHub({
  now = Date.now,
  log = () => {},
  createId = createRpcId,
}: CreateRelayHubParameters = {}): RelayHub {
  const store = createTopicStore({ now })
  const subscribers = new Map<string, Set<Connection>>()

  const send = (connection: Connection, payload: unknown) =>
    connection.peer.send(stringifyRelayJson(payload))

  const push = (connection: Connection, message: StoredMessage) => {
    const subscription = connection.topics.get(message.topic)
    if (!subscription || !store.claim(message, connection.peer.clientId)) return
    const id = createId()
    connection.unacked.set(id.toString(), message)
    send(connection, {
      id,
      jsonrpc: '2.0',
      method: 'irn_subscription',
      params: { id: subscription, data: toMessageEvent(message) },
    })
  }

  const subscribe = (connection: Connection, topic: string) => {
    const id = createHash('sha256')
      .update(topic + connection.peer.clientId)
      .digest('hex')
    connection.topics.set(topic, id)
    const set = subscribers.get(topic) ?? new Set()
    set.add(connection)
    subscribers.set(topic, set)
    return id
  }

  const deliverPending = (connection: Connection, topic: string) => {
    for (const message of store.pending(topic, connection.peer.clientId)) push(connection, message)
  }

  const unsubscribe = (connection: Connection, topic: string) => {
    connection.topics.delete(topic)
    const set = subscribers.get(topic)
    set?.delete(connection)
    if (set?.size === 0) subscribers.delete(topic)
  }

  const publish = (
    connection: Connection,
    message: { topic: string; message: string; ttl: number; tag?: number; attestation?: string },
  ) => {
    const stored = store.add({ ...message, publisherId: connection.peer.clientId })
    for (const subscriber of subscribers.get(message.topic) ?? []) push(subscriber, stored)
  }

  const fetchPending = (connection: Connection, topics: string[]) => ({
    messages: topics.flatMap((topic) =>
      store
        .pending(topic, connection.peer.clientId)
        .filter((message) => store.claim(message, connection.peer.clientId))
        .map(toMessageEvent),
    ),
    hasMore: false,
  })

  const handlers: Record<string, Handler> = {
    irn_subscribe(connection, params, afterReply) {
      const topic = readString(params, 'topic')
      afterReply(() => deliverPending(connection, topic))
      return subscribe(connection, topic)
    },
    irn_batchSubscribe(connection, params, afterReply) {
      const topics = readStrings(params, 'topics')
      afterReply(() => {
        for (const topic of topics) deliverPending(connection, topic)
      })
      return topics.map((topic) => subscribe(connection, topic))
    },
    irn_unsubscribe(connection, params) {
      unsubscribe(connection, readString(params, 'topic'))
      return true
    },
    irn_batchUnsubscribe(connection, params) {
      const subscriptions = params.subscriptions
      if (!Array.isArray(subscriptions))
        throw new InvalidParamsError('Param "subscriptions" must be an array.')
      for (const subscription of subscriptions)
        unsubscribe(connection, readString(subscription, 'topic'))
      return true
    },
    irn_publish(connection, params) {
      publish(connection, readPublish(params))
      return true
    },
    irn_batchPublish(connection, params) {
      const messages = params.messages
      if (!Array.isArray(messages))
        throw new InvalidParamsError('Param "messages" must be an array.')
      for (const message of messages.map(readPublish)) publish(connection, message)
      return true
    },
    irn_fetchMessages(connection, params) {
      return fetchPending(connection, [readString(params, 'topic')])
    },
    irn_batchFetchMessages(connection, params) {
      return fetchPending(connection, readStrings(params, 'topics'))
    },
    // The dapp never subscribes to its pairing topic itself: proposing does it.
    wc_proposeSession(connection, params, afterReply) {
      const topic = readString(params, 'pairingTopic')
      const message = readString(params, 'sessionProposal')
      subscribe(connection, topic)
      afterReply(() => deliverPending(connection, topic))
      publish(connection, {
        topic,
        message,
        ttl: readTtl(params),
        tag: readOptionalNumber(params, 'tag') ?? tags.sessionPropose,
        ...readAttestation(params),
      })
      return true
    },
    // The wallet never subscribes to the session topic itself: approving does it.
    wc_approveSession(connection, params) {
      const sessionTopic = readString(params, 'sessionTopic')
      const pairingTopic = readString(params, 'pairingTopic')
      const response = readString(params, 'sessionProposalResponse')
      const settlement = readString(params, 'sessionSettlementRequest')
      const ttl = readTtl(params)
      subscribe(connection, sessionTopic)
      publish(connection, {
        topic: pairingTopic,
        message: response,
        ttl,
        tag: tags.sessionProposeResponse,
      })
      publish(connection, {
        topic: sessionTopic,
        message: settlement,
        ttl,
        tag: tags.sessionSettle,
      })
      return true
    },
  }

  const onResponse = (connection: Connection, id: JsonRpcId, failed: boolean) => {
    // A client echoes a 19-digit id back through safe-json, which may add a trailing `n`.
    const key = id.toString().replace(/n$/, '')
    const message = connection.unacked.get(key)
    if (!message) return
    connection.unacked.delete(key)
    if (failed) store.release(message, connection.peer.clientId)
  }

  const onRequest = (connection: Connection, request: Params) => {
    const id = readId(request.id)
    const method = request.method
    if (id === undefined || typeof method !== 'string') {
      send(connection, rpcError(id ?? null, -32600, 'Invalid request.'))
      return
    }
    const handler = Object.hasOwn(handlers, method) ? handlers[method] : undefined
    if (!handler) {
      log(`${connection.label}: unsupported method "${method}"`)
      send(connection, rpcError(id, -32601, `Method "${method}" is not supported by this relay.`))
      return
    }
    const tasks: (() => void)[] = []
    try {
      const params = isObject(request.params) ? request.params : {}
      const result = handler(connection, params, (task) => tasks.push(task))
      send(connection, { id, jsonrpc: '2.0', result })
    } catch (error) {
      const invalid = error instanceof InvalidParamsError
      log(`${connection.label}: ${method} failed: ${(error as Error).message}`)
      send(
        connection,
        rpcError(
          id,
          invalid ? -32602 : -32603,
          invalid ? (error as Error).message : 'Internal error.',
        ),
      )
      return
    }
    for (const task of tasks) task()
  }

  return {
    store,
    prune: () => store.prune(),
    connect(peer) {
      const connection: Connection = {
        peer,
        label: shortenClientId(peer.clientId),
        topics: new Map(),
        unacked: new Map(),
      }
      return {
        receive(text) {
          const payload = parseRelayJson(text)
          if (!isObject(payload)) {
            send(connection, rpcError(null, -32700, 'Parse error.'))
            return
          }
          if ('method' in payload) onRequest(connection, payload)
          else {
            const id = readId(payload.id)
            if (id !== undefined) onResponse(connection, id, 'error' in payload)
          }
        },
        close() {
          for (const topic of [...connection.topics.keys()]) unsubscribe(connection, topic)
          for (const message of connection.unacked.values()) {
            store.release(message, peer.clientId)
            // Another socket of the same client may still be listening on the topic.
            for (const other of subscribers.get(message.topic) ?? [])
              if (other.peer.clientId === peer.clientId) push(other, message)
          }
          connection.unacked.clear()
        },
      }
    },
  }
}

/** Same shape as the SDKs' `getBigIntRpcId`: milliseconds times 10^6 plus 6 random digits. */
function createRpcId(): bigint {
  return BigInt(Date.now()) * 1_000_000n + BigInt(randomInt(1_000_000))
}

function toMessageEvent(message: StoredMessage) {
  return {
    topic: message.topic,
    message: message.message,
    publishedAt: message.publishedAt,
    tag: message.tag,
    // An empty attestation makes the receiving SDK skip its Verify API lookup; leaving it out
    // makes a wallet fetch verify.walletconnect.org for every proposal and request.
    attestation: message.attestation,
  }
}

function rpcError(id: JsonRpcId | null, code: number, message: string) {
  return { id, jsonrpc: '2.0', error: { code, message } }
}

function shortenClientId(clientId: string): string {
  return clientId.length > 20 ? `${clientId.slice(0, 12)}…${clientId.slice(-6)}` : clientId
}

function isObject(value: unknown): value is Params {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function readId(value: unknown): JsonRpcId | undefined {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint'
    ? value
    : undefined
}

function readString(params: unknown, key: string): string {
  const value = isObject(params) ? params[key] : undefined
  if (typeof value !== 'string' || value.length === 0)
    throw new InvalidParamsError(`Param "${key}" must be a non-empty string.`)
  return value
}

function readStrings(params: Params, key: string): string[] {
  const value = params[key]
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string' && item.length > 0))
    throw new InvalidParamsError(`Param "${key}" must be an array of non-empty strings.`)
  return value
}

function readOptionalNumber(params: Params, key: string): number | undefined {
  const value = params[key]
  if (value === undefined || value === null) return undefined
  if (typeof value !== 'number' || !Number.isFinite(value))
    throw new InvalidParamsError(`Param "${key}" must be a number.`)
  return value
}

function readTtl(params: Params): number {
  const ttl = readOptionalNumber(params, 'ttl') ?? defaultTtl
  if (ttl <= 0) throw new InvalidParamsError(`Param "ttl" must be positive, got "${ttl}".`)
  return ttl
}

function readAttestation(params: Params): { attestation?: string } {
  const attestation = params.attestation
  return typeof attestation === 'string' && attestation.length > 0 ? { attestation } : {}
}

function readPublish(params: unknown) {
  if (!isObject(params)) throw new InvalidParamsError('Publish params must be an object.')
  return {
    topic: readString(params, 'topic'),
    message: readString(params, 'message'),
    ttl: readTtl(params),
    tag: readOptionalNumber(params, 'tag') ?? 0,
    ...readAttestation(params),
  }
}
