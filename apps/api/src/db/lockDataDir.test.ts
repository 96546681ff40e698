import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, expect, test } from 'vitest'
import { DatabaseInUseError } from '../errors/database.ts'
import { lockDataDir } from './lockDataDir.ts'

const childScript = path.resolve(import.meta.dirname, 'testing/dataDirChild.ts')
const linux = process.platform === 'linux'

let dataDir: string
const children: ChildProcess[] = []
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'latch-lock-'))
})
afterEach(async () => {
  for (const child of children.splice(0)) await kill(child)
  await rm(dataDir, { recursive: true, force: true })
})

const lockPath = () => path.join(dataDir, 'latch.lock')
const readLock = async () => JSON.parse(await readFile(lockPath(), 'utf8'))

/** Starts a child (`hold` a lock, or an unrelated `sleep`) and waits until it is ready. */
async function startChild(command: string, args: string[], ready?: string): Promise<ChildProcess> {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  children.push(child)
  if (ready === undefined) return child
  let output = ''
  await new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk
      if (output.includes(ready)) resolve()
    })
    child.stderr?.on('data', (chunk) => {
      output += chunk
    })
    child.once('exit', (code) => reject(new Error(`The child exited (${code}): ${output}`)))
  })
  return child
}

function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGKILL')
  })
}

test('records pid, token, start time and boot id; a second open in the same process is refused', async () => {
  const release = await lockDataDir(dataDir)
  const holder = await readLock()
  expect(holder.pid).toBe(process.pid)
  expect(holder.token).toMatch(/^[0-9a-f]{32}$/)
  if (linux) {
    expect(holder.startTime).toMatch(/^\d+$/)
    expect(holder.bootId).toBe((await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim())
  }
  await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DatabaseInUseError)
  await release()
  const again = await lockDataDir(dataDir)
  expect((await readLock()).token).not.toBe(holder.token)
  await again()
})

test('a live holder in another process is refused, and its lock kept', async () => {
  const holder = await startChild(process.execPath, [childScript, 'hold', dataDir], 'locked')
  const held = await readFile(lockPath(), 'utf8')
  const refused = await lockDataDir(dataDir).catch((error: unknown) => error)
  expect(refused).toBeInstanceOf(DatabaseInUseError)
  expect((refused as Error).message).toContain(`in use by process ${holder.pid}`)
  expect(await readFile(lockPath(), 'utf8')).toBe(held)
  // Once it is killed (no chance to clean up), the lock is taken over.
  await kill(holder)
  const release = await lockDataDir(dataDir)
  expect((await readLock()).pid).toBe(process.pid)
  await release()
})

test('a lock naming this very pid but written by an earlier process (pid 1 after a crash) is taken over', async () => {
  // What a container's node (pid 1) finds after it was killed and restarted: its own pid.
  await writeFile(
    lockPath(),
    JSON.stringify({ pid: process.pid, token: 'f'.repeat(32), startTime: '1', bootId: 'old' }),
  )
  const release = await lockDataDir(dataDir)
  expect((await readLock()).token).not.toBe('f'.repeat(32))
  await release()
  // The bare-pid format of earlier versions, naming this pid, is stale as well.
  await writeFile(lockPath(), `${process.pid}\n`)
  await (await lockDataDir(dataDir))()
})

test.runIf(linux)(
  'a lock naming a live but unrelated process (a reused pid) is taken over',
  async () => {
    const unrelated = await startChild('sleep', ['30'])
    const bootId = (await readFile('/proc/sys/kernel/random/boot_id', 'utf8')).trim()
    // Same pid, same boot, but a start time that is not this process's: the pid was reused.
    await writeFile(
      lockPath(),
      JSON.stringify({ pid: unrelated.pid, token: 'a'.repeat(32), startTime: '1', bootId }),
    )
    const release = await lockDataDir(dataDir)
    expect((await readLock()).pid).toBe(process.pid)
    await release()
    // The same pid before a reboot (another boot id) is stale too, whatever its start time.
    await writeFile(
      lockPath(),
      JSON.stringify({ pid: unrelated.pid, token: 'b'.repeat(32), bootId: 'before-reboot' }),
    )
    await (await lockDataDir(dataDir))()
  },
)

test('a bare-pid lock of a live process is refused (it cannot be told from its holder)', async () => {
  const unrelated = await startChild('sleep', ['30'])
  await writeFile(lockPath(), `${unrelated.pid}\n`)
  await expect(lockDataDir(dataDir)).rejects.toBeInstanceOf(DatabaseInUseError)
})

test('release removes only its own lock', async () => {
  const release = await lockDataDir(dataDir)
  // Someone else's lock now sits there (we lost ours): releasing must leave it.
  const other = JSON.stringify({ pid: 999_999_999, token: 'c'.repeat(32) })
  await writeFile(lockPath(), other)
  await release()
  expect(await readFile(lockPath(), 'utf8')).toBe(other)
})

test('many opens at once over a stale lock: exactly one wins', async () => {
  await writeFile(lockPath(), JSON.stringify({ pid: process.pid, token: 'd'.repeat(32) }))
  const results = await Promise.allSettled(Array.from({ length: 8 }, () => lockDataDir(dataDir)))
  const won = results.filter((result) => result.status === 'fulfilled')
  expect(won).toHaveLength(1)
  for (const result of results)
    if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DatabaseInUseError)
  await (won[0] as PromiseFulfilledResult<() => Promise<void>>).value()
})
