import { parseArgs } from 'node:util'
import { openDatabase } from '../db/openDatabase.ts'
import { type EnvOverrides, parseEnv } from '../env.ts'
import { BaseError } from '../errors/base.ts'
import type { AnalyticsSummaryRow } from '../stores/analyticsStore.ts'
import { createDbAnalyticsStore } from '../stores/createDbAnalyticsStore.ts'

const usage = `Usage: npm run analytics -- [--days N] [--project ID] [--json]

Summarises the analytics events the API recorded (POST /e; only when LATCH_ANALYTICS=on or a
project's analytics feature is on): how many of each event per day (UTC), newest day first.
Reads the API's database: PostgreSQL at DATABASE_URL, or the embedded PGlite database in
<LATCH_STATE_DIR>/pgdata (stop the API first: PGlite is open in one process at a time).
  --days N       only the last N days, today included (default 30; 0: all)
  --project ID   only this project's events
  --json         print JSON instead`

export type RunAnalyticsCliParameters = {
  argv: readonly string[]
  /** Environment values that take precedence over `process.env` (DATABASE_URL, LATCH_STATE_DIR). */
  env?: EnvOverrides | undefined
  out?: (line: string) => void
  err?: (line: string) => void
  now?: Date | undefined
}

/** `npm run analytics`: prints the count of each event per day; returns the exit code. */
export async function runAnalyticsCli(parameters: RunAnalyticsCliParameters): Promise<number> {
  const { out = console.log, err = console.error, now = new Date() } = parameters
  let values: { days?: string; project?: string; json?: boolean; help?: boolean }
  try {
    ;({ values } = parseArgs({
      args: [...parameters.argv],
      options: {
        days: { type: 'string' },
        project: { type: 'string' },
        json: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }))
  } catch (error) {
    err(`${(error as Error).message}\n\n${usage}`)
    return 2
  }
  if (values.help) {
    out(usage)
    return 0
  }
  const days = values.days === undefined ? 30 : Number(values.days)
  if (!/^\d{1,5}$/.test(values.days ?? '30')) {
    err(`--days takes a whole number of days, not "${values.days}".\n\n${usage}`)
    return 2
  }
  // Midnight UTC of the first day counted.
  const since =
    days === 0
      ? undefined
      : new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() - days + 1))
  try {
    const database = await openDatabase(parseEnv(parameters.env))
    try {
      const rows = await createDbAnalyticsStore({ db: database.db }).summarize({
        since,
        projectId: values.project,
      })
      out(values.json ? JSON.stringify(rows, null, 2) : formatSummary(rows))
    } finally {
      await database.close()
    }
    return 0
  } catch (error) {
    if (!(error instanceof BaseError)) throw error
    err(error.message)
    return 1
  }
}

function formatSummary(rows: readonly AnalyticsSummaryRow[]): string {
  if (rows.length === 0)
    return 'No analytics events recorded. The API records them only with LATCH_ANALYTICS=on (or a project with the analytics feature).'
  const width = Math.max(5, ...rows.map((row) => row.event.length))
  return [
    `day         ${'event'.padEnd(width)}  count`,
    ...rows.map((row) => `${row.day}  ${row.event.padEnd(width)}  ${row.count}`),
  ].join('\n')
}

if (import.meta.main) process.exitCode = await runAnalyticsCli({ argv: process.argv.slice(2) })
