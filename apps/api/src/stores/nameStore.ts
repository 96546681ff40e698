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
}

/** A name to register, with the signed message and signature that prove the address owns it. */
export type NameInput = Omit<NameRecord, 'createdAt'> & { message: string; signature: string }

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
}
