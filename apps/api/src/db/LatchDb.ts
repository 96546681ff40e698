import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type * as schema from './schema/index.ts'

/**
 * The result shape of `db.execute(sql\`...\`)` common to both drivers: PGlite's `Results` and
 * node-postgres' `QueryResult` both carry `rows`.
 */
export interface LatchQueryResultHKT extends PgQueryResultHKT {
  readonly type: LatchQueryResult<this['row']>
}

/** What `db.execute` resolves to on either driver. */
export type LatchQueryResult<row> = { rows: row[] }

/** The Drizzle database the API's stores take: the same queries run on PGlite and PostgreSQL. */
export type LatchDb = PgDatabase<LatchQueryResultHKT, typeof schema>

/** A transaction inside `db.transaction(async (tx) => ...)`. */
export type LatchTransaction = Parameters<Parameters<LatchDb['transaction']>[0]>[0]
