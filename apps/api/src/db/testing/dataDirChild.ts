/**
 * A child process for the storage fault tests, run as `node dataDirChild.ts <mode> <dataDir>`:
 * - `hold`: takes the data directory's lock, prints `locked`, and waits to be killed;
 * - `write`: opens PGlite there, then commits numbered rows one by one, printing
 *   `committed <n>` after each commit, until it is killed.
 */
import { sql } from 'drizzle-orm'
import { createDatabase } from '../createDatabase.ts'
import { lockDataDir } from '../lockDataDir.ts'

const [mode, dataDir] = process.argv.slice(2)
if (!dataDir) throw new Error('Usage: dataDirChild.ts hold|write <dataDir>')

if (mode === 'hold') {
  await lockDataDir(dataDir)
  process.stdout.write('locked\n')
  setInterval(() => {}, 60_000)
} else {
  const { db } = await createDatabase({ dataDir, migrate: false })
  await db.execute(sql`CREATE TABLE IF NOT EXISTS crash_rows (n int PRIMARY KEY, data text)`)
  const padding = 'x'.repeat(2_000)
  for (let n = 1; ; n++) {
    await db.execute(sql`INSERT INTO crash_rows (n, data) VALUES (${n}, ${padding})`)
    process.stdout.write(`committed ${n}\n`)
  }
}
