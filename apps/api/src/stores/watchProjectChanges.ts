import pg from 'pg'
import type { LatchDb } from '../db/createDatabase.ts'

/** The channel every project write notifies, with the project's id as the payload. */
export const projectChangesChannel = 'latch_projects'

export type WatchProjectChangesParameters = {
  /** The API's database; on PGlite (one process) there is nothing to watch. */
  db: LatchDb
  /**
   * Called with the id of a project changed by any process or the CLI, or with no id when
   * changes may have been missed (the listening connection was (re)opened): forget them all.
   */
  onChange(projectId?: string): void
  /** Told why the connection was lost or could not be opened; it is retried. */
  onError?: ((error: unknown) => void) | undefined
  /** First retry delay after a lost connection, doubling up to `maxRetryMs` (default 250). */
  minRetryMs?: number | undefined
  /** Longest retry delay (default 10000 ms). */
  maxRetryMs?: number | undefined
  /** How often the connection is checked with `SELECT 1`, to notice a dead one (default 30000 ms). */
  heartbeatMs?: number | undefined
}

export type ProjectChangesWatch = {
  /** Resolves true once listening, false if the first attempt failed (retries continue). */
  ready: Promise<boolean>
  /** Closes the connection and stops retrying. */
  stop(): Promise<void>
}

/**
 * On PostgreSQL, listens on `latch_projects` over one dedicated connection (the pool's
 * settings), and calls `onChange(id)` for each project written anywhere, so a cached project
 * is dropped at once instead of at its TTL. A lost connection is reopened with a bounded,
 * jittered backoff, and each (re)opening calls `onChange()` since notifications sent meanwhile
 * are lost. Returns undefined on PGlite.
 */
export function watchProjectChanges(
  parameters: WatchProjectChangesParameters,
): ProjectChangesWatch | undefined {
  const pool = (parameters.db as unknown as { $client?: unknown }).$client
  if (!(pool instanceof pg.Pool)) return undefined
  const { onChange, onError = () => {} } = parameters
  const minRetryMs = parameters.minRetryMs ?? 250
  const maxRetryMs = parameters.maxRetryMs ?? 10_000
  const heartbeatMs = parameters.heartbeatMs ?? 30_000
  // The pool's own settings: the same server, credentials, TLS, connect and query timeouts.
  const { max: _max, idleTimeoutMillis: _idle, ...settings } = pool.options

  let stopped = false
  let failures = 0
  let client: pg.Client | undefined
  let retry: NodeJS.Timeout | undefined
  let heartbeat: NodeJS.Timeout | undefined
  let settleReady: (listening: boolean) => void = () => {}
  const ready = new Promise<boolean>((resolve) => {
    settleReady = resolve
  })

  const open = async () => {
    retry = undefined
    if (stopped) return
    const current = new pg.Client({
      ...settings,
      keepAlive: true,
      // Named in pg_stat_activity, for operators.
      application_name: 'latch-project-watch',
    })
    client = current
    let lost = false
    const lose = (error: unknown) => {
      if (lost) return
      lost = true
      clearInterval(heartbeat)
      if (client === current) client = undefined
      current.end().catch(() => {})
      settleReady(false)
      if (stopped) return
      onError(error)
      const delay = Math.min(maxRetryMs, minRetryMs * 2 ** failures)
      failures++
      retry = setTimeout(open, delay * (0.5 + Math.random() / 2))
      retry.unref()
    }
    current.on('error', lose)
    current.on('end', () => lose(new Error('The database closed the connection.')))
    current.on('notification', (message) => {
      if (message.channel === projectChangesChannel) onChange(message.payload || undefined)
    })
    try {
      await current.connect()
      await current.query(`LISTEN ${projectChangesChannel}`)
    } catch (error) {
      lose(error)
      return
    }
    if (stopped || lost) return
    failures = 0
    // Whatever changed before this LISTEN was not heard.
    onChange()
    settleReady(true)
    heartbeat = setInterval(() => {
      current.query('SELECT 1').catch(lose)
    }, heartbeatMs)
    heartbeat.unref()
  }
  void open()

  return {
    ready,
    async stop() {
      stopped = true
      clearTimeout(retry)
      clearInterval(heartbeat)
      settleReady(false)
      const current = client
      client = undefined
      await current?.end().catch(() => {})
    },
  }
}
