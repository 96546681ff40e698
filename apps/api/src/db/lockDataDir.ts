import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { link, open, readFile, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { DatabaseInUseError } from '../errors/database.ts'

/** What `latch.lock` records about the process holding the directory. */
export type DataDirLockHolder = {
  pid: number
  /** Random per lock: tells this process's own locks from a dead process's with the same pid. */
  token?: string | undefined
  /** The holder's start time (`/proc/<pid>/stat` field 22, clock ticks since boot), on Linux. */
  startTime?: string | undefined
  /** `/proc/sys/kernel/random/boot_id` when the lock was taken, on Linux. */
  bootId?: string | undefined
}

/** The tokens of the locks this process holds now. */
const heldTokens = new Set<string>()

/**
 * Claims a PGlite data directory for this process with a `latch.lock` file. PGlite takes no
 * lock of its own, and two processes writing one directory corrupt it, so a second API or CLI
 * is refused with `DatabaseInUseError`. The file records the pid, a random token, and on Linux
 * the process start time and boot id, so a lock left by a crashed process is taken over even
 * when its pid now belongs to someone else: in a container node runs as pid 1 before and after
 * a crash, and any pid is reused in time. A live holder is still refused. Returns the release
 * function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'latch.lock')
  const token = randomBytes(16).toString('hex')
  const holder: DataDirLockHolder = {
    pid: process.pid,
    token,
    startTime: readStartTime(process.pid),
    bootId: readBootId(),
  }
  let lastHolder: DataDirLockHolder | undefined
  for (let attempt = 0; attempt < maxAttempts; attempt++) {
    if (await createLockFile(lockPath, `${JSON.stringify(holder)}\n`, token)) {
      heldTokens.add(token)
      let released: Promise<void> | undefined
      return () => {
        released ??= releaseLock(lockPath, token)
        return released
      }
    }
    const text = await readFile(lockPath, 'utf8').catch(() => undefined)
    if (text === undefined) continue // released meanwhile: try again
    lastHolder = parseLockHolder(text)
    if (lastHolder && isLiveHolder(lastHolder))
      throw new DatabaseInUseError({ dataDir, pid: lastHolder.pid })
    // Left by a process that is gone (killed, crashed, or before a reboot): take it over. When
    // another opener is taking it over right now, wait for it and read the lock again.
    if (!(await removeStaleLock(lockPath, text, token))) await sleep(takeoverRetryMs)
  }
  throw new DatabaseInUseError({ dataDir, pid: lastHolder?.pid })
}

/** Bounds the open: ~2 s of waiting for other openers' take-overs at most. */
const maxAttempts = 100
const takeoverRetryMs = 20
/** A take-over guard older than this was left by a process that died mid-take-over. */
const staleGuardMs = 10_000

/**
 * Creates the lock file with its whole content at once (written aside, then hard-linked into
 * place), so no other process ever reads a half-written lock. False when one exists.
 */
async function createLockFile(lockPath: string, content: string, token: string) {
  const aside = `${lockPath}.${token}`
  await writeFile(aside, content)
  try {
    await link(aside, lockPath)
    return true
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EEXIST') return false
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'ENOSYS') throw error
    // A file system without hard links: create-exclusive, then write.
    try {
      const file = await open(lockPath, 'wx')
      await file.writeFile(content)
      await file.close()
      return true
    } catch (fallbackError) {
      if ((fallbackError as NodeJS.ErrnoException).code === 'EEXIST') return false
      throw fallbackError
    }
  } finally {
    await rm(aside, { force: true })
  }
}

/**
 * Removes a stale lock under a take-over guard (`latch.lock.takeover`, created exclusively), so
 * that of many openers that read the same stale lock only one removes it, and none removes the
 * lock a faster opener has created since. False when another opener holds the guard.
 */
async function removeStaleLock(lockPath: string, staleText: string, token: string) {
  const guardPath = `${lockPath}.takeover`
  try {
    const guard = await open(guardPath, 'wx')
    await guard.writeFile(token)
    await guard.close()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const guard = await stat(guardPath).catch(() => undefined)
    if (guard && Date.now() - guard.mtimeMs > staleGuardMs) await rm(guardPath, { force: true })
    return false
  }
  try {
    const text = await readFile(lockPath, 'utf8').catch(() => undefined)
    if (text === staleText) await rm(lockPath, { force: true })
    return true
  } finally {
    await rm(guardPath, { force: true })
  }
}

async function releaseLock(lockPath: string, token: string) {
  heldTokens.delete(token)
  const text = await readFile(lockPath, 'utf8').catch(() => undefined)
  // Only our own lock: a process that took over a lock we lost must keep its own.
  if (text !== undefined && parseLockHolder(text)?.token === token)
    await rm(lockPath, { force: true })
}

/** The lock's content: JSON, or a bare pid (the format before tokens). */
function parseLockHolder(text: string): DataDirLockHolder | undefined {
  const trimmed = text.trim()
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) }
  try {
    const parsed = JSON.parse(trimmed) as Partial<DataDirLockHolder>
    if (!Number.isInteger(parsed.pid) || (parsed.pid as number) <= 0) return undefined
    const text = (value: unknown) => (typeof value === 'string' ? value : undefined)
    return {
      pid: parsed.pid as number,
      token: text(parsed.token),
      startTime: text(parsed.startTime),
      bootId: text(parsed.bootId),
    }
  } catch {
    return undefined
  }
}

/** Whether the process that wrote the lock is still running. */
function isLiveHolder(holder: DataDirLockHolder): boolean {
  // Our own pid: one of our locks (a second open in this process), or a dead process that had
  // the same pid (node as pid 1 in a container, restarted after a crash).
  if (holder.pid === process.pid) return holder.token !== undefined && heldTokens.has(holder.token)
  if (!isAlive(holder.pid)) return false
  const bootId = readBootId()
  if (holder.bootId && bootId && holder.bootId !== bootId) return false
  const startTime = readStartTime(holder.pid)
  if (holder.startTime && startTime) return holder.startTime === startTime
  // No way to tell the holder from a newer process with its pid: assume it is the holder.
  return true
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Field 22 of `/proc/<pid>/stat` (after the parenthesised command, which may hold spaces). */
function readStartTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // fields[0] is field 3 (the state), so field 22 is fields[19].
    const startTime = fields[19]
    return startTime && /^\d+$/.test(startTime) ? startTime : undefined
  } catch {
    return undefined
  }
}

function readBootId(): string | undefined {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || undefined
  } catch {
    return undefined
  }
}
