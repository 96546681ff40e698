import { BaseError } from './base.ts'

/** The database could not be opened: PostgreSQL unreachable, or the PGlite data dir unusable. */
export class DatabaseUnavailableError extends BaseError {
  override name = 'DatabaseUnavailableError'
  constructor({ target, cause }: { target: string; cause: unknown }) {
    super(`The database at "${target}" could not be opened.`, {
      metaMessages: [cause instanceof Error ? cause.message : String(cause)],
      cause,
    })
  }
}

/** The PGlite data directory is open in another process (PGlite serves one process only). */
export class DatabaseInUseError extends BaseError {
  override name = 'DatabaseInUseError'
  constructor({ dataDir, pid }: { dataDir: string; pid: number | undefined }) {
    super(
      `The database in "${dataDir}" is in use${pid === undefined ? '' : ` by process ${pid}`}.`,
      {
        metaMessages: [
          'Stop the API (npm start) first, or set DATABASE_URL to use PostgreSQL.',
          'PGlite, the embedded database, can be open in one process at a time.',
        ],
      },
    )
  }
}

/**
 * A query failed because the database cannot be reached right now (server down or
 * restarting, connections refused, reset or timed out, pool exhausted). Answered 503; the
 * pool reconnects by itself once the server is back.
 */
export class DatabaseOutageError extends BaseError {
  override name = 'DatabaseOutageError'
  constructor({ cause }: { cause?: unknown } = {}) {
    super('The database is unavailable. Try again shortly.', {
      code: 'DATABASE_UNAVAILABLE',
      status: 503,
      cause,
    })
  }
}
