import type { Address } from 'viem'

/** A registered name as stored: the name and address in lower case. */
export type NameRecord = {
  /** The full name, e.g. `alice.latch.id`. */
  name: string
  address: Address
  /** The ENSIP-11 coin type it was registered for. */
  coinType: number
  attributes: Record<string, string>
  createdAt: Date
  /** When the attributes last changed by a signed update; null when never. */
  updatedAt: Date | null
  /** The Unix-seconds timestamp of that signed update; null when never. */
  attributesTimestamp: number | null
  /**
   * The chain ids the name resolves on: null for an EOA's name (every EVM chain), those a
   * contract account proved itself on otherwise.
   */
  chainIds: number[] | null
}

/** A name to register, with the signed message and signature that prove the address owns it. */
export type NameInput = Omit<
  NameRecord,
  'createdAt' | 'chainIds' | 'updatedAt' | 'attributesTimestamp'
> & {
  message: string
  signature: string
  /** Default null: every EVM chain. */
  chainIds?: number[] | null | undefined
  /** The name's look-alike skeleton (`getNameSkeleton`), for `findBySkeleton`. */
  skeleton?: string | undefined
}

export type InsertNameReturnType =
  | { inserted: true; record: NameRecord }
  /** The name was already registered (by this address or another). */
  | { inserted: false; existing: NameRecord }

/** Registered names, shared by every API process (the database's `names`). */
export type NameStore = {
  /** The record of a full name (any case), or undefined when it is free. */
  get(name: string): Promise<NameRecord | undefined>
  /** Registers a name unless it is taken; two processes racing for one name get one winner. */
  insert(input: NameInput): Promise<InsertNameReturnType>
  /** The address's names, newest first (at most `limit`, default 100). */
  listByAddress(address: Address, options?: { limit?: number | undefined }): Promise<NameRecord[]>
  /** Which of these full names (lower case) are registered. */
  findRegistered(names: readonly string[]): Promise<Set<string>>
  /** Names whose look-alike skeleton is `skeleton` (at most `limit`, default 10). */
  findBySkeleton(skeleton: string, options?: { limit?: number | undefined }): Promise<NameRecord[]>
  /** Adds a chain a contract account's name resolves on (an EOA's already resolves on all). */
  addChainId(name: string, chainId: number): Promise<void>
  /**
   * Replaces a name's attributes with a signed update, only if `timestamp` is later than the
   * last update's (two racing updates: the newer wins). The updated record, or undefined when
   * the name is gone or a newer update is already stored.
   */
  setAttributes(input: SetNameAttributesInput): Promise<NameRecord | undefined>
}

/** A signed attributes update, as `setAttributes` stores it. */
export type SetNameAttributesInput = {
  name: string
  attributes: Record<string, string>
  /** The signed message's timestamp, Unix seconds. */
  timestamp: number
  message: string
  signature: string
}
