import { spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createDatabase } from './createDatabase.ts'

const childScript = path.resolve(import.meta.dirname, 'testing/dataDirChild.ts')

let dataDir: string
beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'latch-crash-'))
})
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true })
})

test('PGlite killed mid-write reopens with every committed row, also when its pid comes back', async () => {
  const child = spawn(process.execPath, [childScript, 'write', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  let committed = 0
  child.stderr?.on('data', (chunk) => {
    output += chunk
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  try {
    // Killed while it writes, once enough rows are committed to span several WAL pages.
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        const last = chunk.toString().trim().split('\n').at(-1)
        committed = Number(last?.match(/^committed (\d+)$/)?.[1] ?? committed)
        if (committed >= 150) resolve()
      })
      child.once('exit', (code) => reject(new Error(`The writer exited (${code}): ${output}`)))
    })
  } finally {
    child.kill('SIGKILL')
    await exited
  }
  const seen = committed

  // The lock still names the dead writer. Give it this process's pid, as a container's node
  // (pid 1) finds it after a crash and restart: the start time and token tell it is stale.
  const lockPath = path.join(dataDir, 'latch.lock')
  const lock = JSON.parse(await readFile(lockPath, 'utf8'))
  expect(lock.pid).toBe(child.pid)
  await writeFile(lockPath, JSON.stringify({ ...lock, pid: process.pid }))

  const database = await createDatabase({ dataDir })
  try {
    const rows = await database.db.execute<{ count: number; max: number }>(
      sql`SELECT count(*)::int AS count, max(n) AS max FROM crash_rows`,
    )
    const [row] = rows.rows
    // Every row reported committed is there, with no gap (a row being written may be too).
    expect(row?.count).toBeGreaterThanOrEqual(seen)
    expect(row?.max).toBe(row?.count)
    // And the database takes writes again.
    await database.db.execute(sql`INSERT INTO crash_rows (n, data) VALUES (100000, 'after')`)
  } finally {
    await database.close()
  }
  // A clean close releases the lock; the next open works too.
  const reopened = await createDatabase({ dataDir })
  const after = await reopened.db.execute(sql`SELECT 1 FROM crash_rows WHERE n = 100000`)
  expect(after.rows).toHaveLength(1)
  await reopened.close()
}, 60_000)
