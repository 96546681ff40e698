/** A message the relay holds for a topic until its TTL runs out. */
export type StoredMessage = {
  readonly topic: string
  readonly message: string
  /** Milliseconds since the epoch. */
  readonly publishedAt: number
  readonly expiresAt: number
  readonly tag: number
  /** Verify API attestation from the publisher; `''` when it sent none. */
  readonly attestation: string
  /** Client ids (`did:key`) that published or were handed this message. */
  readonly deliveredTo: Set<string>
}

export type AddMessageParameters = {
  topic: string
  message: string
  /** Seconds. */
  ttl: number
  tag?: number | undefined
  attestation?: string | undefined
  /** The publisher's client id: it never gets its own message back. */
  publisherId: string
}

export type CreateTopicStoreParameters = {
  /** Clock in milliseconds; injected by tests. */
  now?: () => number
}

export type TopicStore = {
  /** Stores a message. Re-publishing the same message on a topic returns the stored one. */
  add(parameters: AddMessageParameters): StoredMessage
  /** Unexpired messages on `topic` that `clientId` has not had, oldest first. */
  pending(topic: string, clientId: string): StoredMessage[]
  /** Marks `message` as handed to `clientId`; `false` when it already was. */
  claim(message: StoredMessage, clientId: string): boolean
  /** Undoes a claim whose delivery was never acknowledged, so the next subscribe gets it. */
  release(message: StoredMessage, clientId: string): void
  /** Drops expired messages and returns how many went. */
  prune(): number
  /** Number of stored, unexpired messages. */
  size(): number
  /** Characters of message held, counting expired ones not yet dropped. */
  storedLength(): number
}

/**
 * Creates the relay's mailbox: messages per topic with their TTL, each handed once per client,
 * so a peer that subscribes late (the dapp to a session topic) still gets what was published.
 */
export function createTopicStore({ now = Date.now }: CreateTopicStoreParameters = {}): TopicStore {
  const topics = new Map<string, StoredMessage[]>()
  let length = 0

  const live = (topic: string): StoredMessage[] => {
    const messages = topics.get(topic)
    if (!messages) return []
    const time = now()
    const kept = messages.filter((message) => {
      if (message.expiresAt > time) return true
      length -= message.message.length
      return false
    })
    if (kept.length === 0) topics.delete(topic)
    else if (kept.length !== messages.length) topics.set(topic, kept)
    return kept
  }

  return {
    add({ topic, message, ttl, tag = 0, attestation, publisherId }) {
      const messages = live(topic)
      const existing = messages.find((stored) => stored.message === message)
      if (existing) {
        existing.deliveredTo.add(publisherId)
        return existing
      }
      const publishedAt = now()
      const stored: StoredMessage = {
        topic,
        message,
        publishedAt,
        expiresAt: publishedAt + ttl * 1000,
        tag,
        attestation: attestation ?? '',
        deliveredTo: new Set([publisherId]),
      }
      topics.set(topic, [...messages, stored])
      length += message.length
      return stored
    },
    pending(topic, clientId) {
      return live(topic).filter((message) => !message.deliveredTo.has(clientId))
    },
    claim(message, clientId) {
      if (message.deliveredTo.has(clientId)) return false
      message.deliveredTo.add(clientId)
      return true
    },
    release(message, clientId) {
      message.deliveredTo.delete(clientId)
    },
    prune() {
      let dropped = 0
      for (const [topic, messages] of [...topics]) dropped += messages.length - live(topic).length
      return dropped
    },
    storedLength: () => length,
    size() {
      let count = 0
      for (const topic of [...topics.keys()]) count += live(topic).length
      return count
    },
  }
}
