import { createHash, randomInt } from 'node:crypto'
import { createTopicStore, type StoredMessage, type TopicStore } from './createTopicStore.ts'
import { parseRelayJson, stringifyRelayJson } from './relayJson.ts'

/** One authenticated socket, as the hub sees it. */
export type RelayPeer = {
  /** The client's `did:key` (the `iss` of its auth JWT). */
  clientId: string
  /** Writes one text frame to the socket. */
  send(text: string): void
  /** Ends the socket because it broke a limit (WebSocket close code 1008). */
  disconnect?(reason: string): void
}

/** What the transport calls for a connected socket. */
export type RelayConnection = {
  /** Handles one text frame from the socket. */
  receive(text: string): void
  /** Forgets the socket: drops its subscriptions and re-queues deliveries it never acknowledged. */
  close(): void
}

/** What one client may hold or send; every value is a ceiling, not a quota to reach. */
export type RelayLimits = {
  /** Longest `message` (characters) one publish may carry; the SDKs' envelopes are a few KB. */
  maxMessageLength: number
  /** Topics one client (all sockets of one `did:key`) may be subscribed to at once. */
  maxTopicsPerClient: number
  /** Requested TTLs above this (seconds) are lowered to it; messages are held in memory. */
  maxTtlSeconds: number
  /** Unexpired messages one topic may hold; a publish past it is refused, nothing is dropped. */
  maxMessagesPerTopic: number
  /** Characters of message held in total; a publish past it is refused. */
  maxStoredLength: number
  /** Requests one socket may send per second on average... */
  requestsPerSecond: number
  /** ...and in one burst; a socket that sends faster is closed (code 1008). */
  requestBurst: number
}

/** Defaults generous to every SDK flow and small enough that one client cannot take the relay down. */
export const defaultRelayLimits: RelayLimits = {
  maxMessageLength: 256 * 1024,
  maxTopicsPerClient: 1000,
  maxTtlSeconds: 86_400,
  maxMessagesPerTopic: 500,
  maxStoredLength: 64 * 1024 * 1024,
  requestsPerSecond: 50,
  requestBurst: 200,
}

export type CreateRelayHubParameters = {
  /** Clock in milliseconds; injected by tests. */
  now?: () => number
  log?: (line: string) => void
  /** Ids for the `irn_subscription` requests the relay sends; 19 digits like the SDKs' own. */
  createId?: () => bigint
  /** Overrides for `defaultRelayLimits`. */
  limits?: Partial<RelayLimits>
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
  /** Token bucket for the request rate. */
  tokens: number
  refilledAt: number
  closed: boolean
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

/** A request within the protocol that a limit refuses (JSON-RPC -32000, "Server error"). */
class LimitError extends Error {
  override name = 'LimitError' as const
}

/**
 * Creates the transport-free core of the WalletConnect v2 relay: JSON-RPC in and out as text,
 * subscriptions per socket, messages kept per topic and handed once per client id.
 */
export function createRelayHub({
  now = Date.now,
  log = () => {},
  createId = createRpcId,
  limits: limitOverrides,
}: CreateRelayHubParameters = {}): RelayHub {
  const limits: RelayLimits = { ...defaultRelayLimits, ...limitOverrides }
  const store = createTopicStore({ now })
  const subscribers = new Map<string, Set<Connection>>()
  /** client id -> topic -> how many of its sockets are subscribed */
  const clientTopics = new Map<string, Map<string, number>>()

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
    if (!connection.topics.has(topic)) {
      const held = clientTopics.get(connection.peer.clientId) ?? new Map<string, number>()
      if (!held.has(topic) && held.size >= limits.maxTopicsPerClient)
        throw new LimitError(
          `Too many topics: a client may subscribe to at most ${limits.maxTopicsPerClient}.`,
        )
      held.set(topic, (held.get(topic) ?? 0) + 1)
      clientTopics.set(connection.peer.clientId, held)
    }
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
    if (!connection.topics.delete(topic)) return
    const held = clientTopics.get(connection.peer.clientId)
    const count = (held?.get(topic) ?? 1) - 1
    if (count > 0) held?.set(topic, count)
    else held?.delete(topic)
    if (held?.size === 0) clientTopics.delete(connection.peer.clientId)
    const set = subscribers.get(topic)
    set?.delete(connection)
    if (set?.size === 0) subscribers.delete(topic)
  }

  const publish = (
    connection: Connection,
    message: { topic: string; message: string; ttl: number; tag?: number; attestation?: string },
  ) => {
    if (message.message.length > limits.maxMessageLength)
      throw new LimitError(
        `Message too large: at most ${limits.maxMessageLength} characters, got ${message.message.length}.`,
      )
    const pending = store.pending(message.topic, '')
    if (!pending.some((stored) => stored.message === message.message)) {
      if (pending.length >= limits.maxMessagesPerTopic)
        throw new LimitError(
          `Topic is full: it holds ${limits.maxMessagesPerTopic} unexpired messages.`,
        )
      if (store.storedLength() + message.message.length > limits.maxStoredLength)
        throw new LimitError('Relay storage is full: try again when messages expire.')
    }
    const ttl = Math.min(message.ttl, limits.maxTtlSeconds)
    const stored = store.add({ ...message, ttl, publisherId: connection.peer.clientId })
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
      const parsed = messages.map(readPublish)
      for (const message of parsed) publish(connection, message)
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

  /** Takes one token; `false` once the socket has sent faster than the limits allow. */
  const withinRate = (connection: Connection): boolean => {
    const time = now()
    connection.tokens = Math.min(
      limits.requestBurst,
      connection.tokens + ((time - connection.refilledAt) / 1000) * limits.requestsPerSecond,
    )
    connection.refilledAt = time
    if (connection.tokens < 1) return false
    connection.tokens -= 1
    return true
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
      const limited = error instanceof LimitError
      log(`${connection.label}: ${method} failed: ${(error as Error).message}`)
      send(
        connection,
        rpcError(
          id,
          invalid ? -32602 : limited ? -32000 : -32603,
          invalid || limited ? (error as Error).message : 'Internal error.',
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
        tokens: limits.requestBurst,
        refilledAt: now(),
        closed: false,
      }
      return {
        receive(text) {
          if (connection.closed) return
          const payload = parseRelayJson(text)
          // Acknowledgements are not counted: a client acks every push the relay sends it.
          const isResponse = isObject(payload) && !('method' in payload)
          if (!isResponse && !withinRate(connection)) {
            log(
              `${connection.label}: closed for sending over ${limits.requestsPerSecond} requests/s`,
            )
            connection.closed = true
            connection.peer.disconnect?.('Too many requests.')
            return
          }
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
