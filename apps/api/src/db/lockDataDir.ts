import { open, readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import { DatabaseInUseError } from '../errors/database.ts'

/**
 * Claims a PGlite data directory for this process with a `latch.lock` file holding its pid.
 * PGlite takes no lock of its own, and two processes writing one directory corrupt it, so a
 * second API or CLI is refused with `DatabaseInUseError`. A lock left by a dead process is
 * taken over. Returns the release function.
 */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const lockPath = path.join(dataDir, 'latch.lock')
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const file = await open(lockPath, 'wx')
      await file.writeFile(`${process.pid}\n`)
      await file.close()
      let released: Promise<void> | undefined
      return () => {
        released ??= rm(lockPath, { force: true })
        return released
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const pid = Number.parseInt(await readFile(lockPath, 'utf8').catch(() => ''), 10)
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid))
      throw new DatabaseInUseError({ dataDir, pid })
    if (pid === process.pid) throw new DatabaseInUseError({ dataDir, pid })
    // Left behind by a process that is gone (killed, crashed): take it over.
    await rm(lockPath, { force: true })
  }
  throw new DatabaseInUseError({ dataDir, pid: undefined })
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
