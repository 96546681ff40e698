import { desc, eq, inArray, sql } from 'drizzle-orm'
import { getAddress } from 'viem'
import type { LatchDb } from '../db/createDatabase.ts'
import { names } from '../db/schema/index.ts'
import type { NameRecord, NameStore } from './nameStore.ts'

const recordColumns = {
  name: names.name,
  address: names.address,
  coinType: names.coinType,
  attributes: names.attributes,
  createdAt: names.createdAt,
  chainIds: names.chainIds,
  updatedAt: names.updatedAt,
  attributesTimestamp: names.attributesTimestamp,
}

/** A `NameStore` over the `names` table; names and addresses are kept in lower case. */
export function createDbNameStore({ db }: { db: LatchDb }): NameStore {
  const get = async (name: string) => {
    const [row] = await db
      .select(recordColumns)
      .from(names)
      .where(eq(names.name, name.toLowerCase()))
    return row ? toRecord(row) : undefined
  }
  return {
    get,
    async insert(input) {
      // The unique index decides between two registrations of one name, whichever process.
      const [row] = await db
        .insert(names)
        .values({
          name: input.name.toLowerCase(),
          address: input.address.toLowerCase(),
          coinType: input.coinType,
          attributes: input.attributes,
          message: input.message,
          signature: input.signature,
          chainIds: input.chainIds ?? null,
          skeleton: input.skeleton ?? null,
        })
        .onConflictDoNothing({ target: names.name })
        .returning(recordColumns)
      if (row) return { inserted: true, record: toRecord(row) }
      const existing = await get(input.name)
      if (!existing) throw new Error(`The name "${input.name}" was neither inserted nor found.`)
      return { inserted: false, existing }
    },
    async listByAddress(address, { limit = 100 } = {}) {
      const rows = await db
        .select(recordColumns)
        .from(names)
        .where(eq(names.address, address.toLowerCase()))
        .orderBy(desc(names.id))
        .limit(limit)
      return rows.map(toRecord)
    },
    async findRegistered(candidates) {
      if (candidates.length === 0) return new Set()
      const rows = await db
        .select({ name: names.name })
        .from(names)
        .where(
          inArray(
            names.name,
            candidates.map((name) => name.toLowerCase()),
          ),
        )
      return new Set(rows.map((row) => row.name))
    },
    async findBySkeleton(skeleton, { limit = 10 } = {}) {
      const rows = await db
        .select(recordColumns)
        .from(names)
        .where(eq(names.skeleton, skeleton))
        .orderBy(names.id)
        .limit(limit)
      return rows.map(toRecord)
    },
    async addChainId(name, chainId) {
      await db
        .update(names)
        .set({ chainIds: sql`array_append(${names.chainIds}, ${chainId}::integer)` })
        .where(
          sql`${names.name} = ${name.toLowerCase()} AND ${names.chainIds} IS NOT NULL AND NOT (${chainId}::integer = ANY(${names.chainIds}))`,
        )
    },
    async setAttributes({ name, attributes, timestamp, message, signature }) {
      const [row] = await db
        .update(names)
        .set({
          attributes,
          attributesTimestamp: timestamp,
          attributesMessage: message,
          attributesSignature: signature,
          updatedAt: sql`now()`,
        })
        .where(
          sql`${names.name} = ${name.toLowerCase()} AND (${names.attributesTimestamp} IS NULL OR ${names.attributesTimestamp} < ${timestamp})`,
        )
        .returning(recordColumns)
      return row ? toRecord(row) : undefined
    },
  }
}

function toRecord(row: {
  name: string
  address: string
  coinType: number
  attributes: Record<string, string>
  createdAt: Date
  chainIds: number[] | null
  updatedAt: Date | null
  attributesTimestamp: number | null
}): NameRecord {
  return { ...row, address: getAddress(row.address) }
}
