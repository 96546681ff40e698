/// <reference path="./oidcProvider.d.ts" />
import type { AdapterConstructor, AdapterPayload } from 'oidc-provider'

export type CreateOidcMemoryAdapterParameters = {
  /** Most records kept (sessions, interactions, grants, codes, tokens); the oldest go first. */
  maxEntries?: number
}

type Entry = { payload: AdapterPayload; expiresAt: number }

/**
 * An in-memory storage adapter for one `oidc-provider` instance: its own bounded map (the
 * library's default adapter is one store shared by every provider in the process). Records
 * expire when the library says; past `maxEntries` the oldest record is dropped, so a flood of
 * authorization requests costs bounded memory (its sign-in then simply fails as expired).
 */
export function createOidcMemoryAdapter(
  parameters: CreateOidcMemoryAdapterParameters = {},
): AdapterConstructor {
  const maxEntries = parameters.maxEntries ?? 2_000
  const entries = new Map<string, Entry>()
  /** Secondary keys (`uid:<uid>`, `userCode:<code>`) to the primary key. */
  const aliases = new Map<string, string>()

  const keyFor = (model: string, id: string) => `${model}:${id}`

  const read = (key: string): AdapterPayload | undefined => {
    const entry = entries.get(key)
    if (!entry) return undefined
    if (entry.expiresAt <= Date.now()) {
      remove(key)
      return undefined
    }
    return entry.payload
  }

  const remove = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    entries.delete(key)
    if (entry.payload.uid) aliases.delete(`uid:${entry.payload.uid}`)
    if (entry.payload.userCode) aliases.delete(`userCode:${entry.payload.userCode}`)
  }

  return class OidcMemoryAdapter {
    readonly #model: string

    constructor(model: string) {
      this.#model = model
    }

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const key = keyFor(this.#model, id)
      remove(key)
      while (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value
        if (oldest === undefined) break
        remove(oldest)
      }
      const expiresAt = Date.now() + (expiresIn > 0 ? expiresIn * 1000 : 60 * 60 * 1000)
      entries.set(key, { payload: structuredClone(payload), expiresAt })
      if (payload.uid) aliases.set(`uid:${payload.uid}`, key)
      if (payload.userCode) aliases.set(`userCode:${payload.userCode}`, key)
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      const payload = read(keyFor(this.#model, id))
      return payload && structuredClone(payload)
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      const key = aliases.get(`uid:${uid}`)
      const payload = key === undefined ? undefined : read(key)
      return payload && structuredClone(payload)
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      const key = aliases.get(`userCode:${userCode}`)
      const payload = key === undefined ? undefined : read(key)
      return payload && structuredClone(payload)
    }

    async consume(id: string): Promise<void> {
      const entry = entries.get(keyFor(this.#model, id))
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000)
    }

    async destroy(id: string): Promise<void> {
      remove(keyFor(this.#model, id))
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      for (const [key, entry] of [...entries]) {
        if (entry.payload.grantId === grantId) remove(key)
      }
    }
  }
}
