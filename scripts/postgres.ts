import { execFile } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { findFreePort } from '../apps/devnet/src/findFreePort.ts'

const run = promisify(execFile)

export type StartPostgresReturnType = {
  /** `postgresql://postgres@127.0.0.1:<port>/postgres`: trust auth, loopback only. */
  url: string
  /** The server's process id (its `postmaster.pid`), for benches that read its CPU time. */
  pid(): Promise<number>
  /** Stops the cluster and deletes its files. */
  stop(): Promise<void>
}

/**
 * Starts a throwaway PostgreSQL cluster from Debian's binaries (scripts/ensure-postgres.sh
 * installs them) in a temporary directory, listening on 127.0.0.1 only on a free port, for
 * the storage tests. As root the server runs as the `postgres` user, which initdb requires.
 */
export async function startPostgres(): Promise<StartPostgresReturnType> {
  const bin = findPostgresBin()
  const dir = await mkdtemp(join(tmpdir(), 'latch-postgres-'))
  const dataDir = join(dir, 'data')
  const logFile = join(dir, 'postgres.log')
  const asRoot = process.getuid?.() === 0
  // initdb and the server refuse to run as root; they run as Debian's `postgres` user instead.
  const runTool = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, tool), ...args])
      : run(join(bin, tool), args)
  const remove = () => rm(dir, { recursive: true, force: true })
  try {
    if (asRoot) await run('chown', ['postgres:postgres', dir])
    await chmod(dir, 0o700)
    await runTool('initdb', [
      '-D',
      dataDir,
      '-U',
      'postgres',
      '--auth=trust',
      '--encoding=UTF8',
      '--no-locale',
      '--no-sync',
    ])
    // Trust, but only over the cluster's own socket directory and the loopback address.
    const hba = ['local all all trust', 'host all all 127.0.0.1/32 trust', ''].join('\n')
    await writeFile(join(dataDir, 'pg_hba.conf'), hba)
    const port = await findFreePort()
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=200',
      // A throwaway cluster: durability buys nothing and costs the tests time.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ')
    try {
      await runTool('pg_ctl', [
        '-D',
        dataDir,
        '-o',
        options,
        '-l',
        logFile,
        '-w',
        '-t',
        '60',
        'start',
      ])
    } catch (error) {
      const log = await readFile(logFile, 'utf8').catch(() => '')
      throw new Error(`PostgreSQL did not start:\n${log.trim() || String(error)}`)
    }
    let stopping: Promise<void> | undefined
    return {
      url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
      async pid() {
        // The file's first line (root reads the server user's files as they are).
        const pid = Number((await readFile(join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[0])
        if (!Number.isSafeInteger(pid) || pid < 1)
          throw new Error('PostgreSQL wrote no process id.')
        return pid
      },
      stop() {
        stopping ??= runTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop'])
          .catch(() => {})
          .then(remove)
        return stopping
      },
    }
  } catch (error) {
    await remove()
    throw error
  }
}

/** The newest `/usr/lib/postgresql/<version>/bin` holding a server. */
function findPostgresBin(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'postgres')))
        .sort((a, b) => Number(b) - Number(a))
    : []
  if (!versions[0])
    throw new Error(
      'PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/postgres). Run: sh scripts/ensure-postgres.sh',
    )
  return join(root, versions[0], 'bin')
}
