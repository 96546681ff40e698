import { randomBytes } from 'node:crypto'
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

export type LoadAuthShareKeyParameters = {
  /** LATCH_AUTH_SHARE_KEY: 64 hex digits, already checked by the config schema. */
  keyHex?: string | undefined
  /** LATCH_STATE_DIR: where `auth-share.key` is kept when no key is configured. */
  stateDir: string
}

export type LoadAuthShareKeyReturnType = {
  key: Uint8Array
  /** Where the key came from, for the start-up log (never the key itself). */
  source: 'LATCH_AUTH_SHARE_KEY' | 'generated' | 'file'
  file?: string | undefined
}

/**
 * The key that encrypts the auth shares at rest: LATCH_AUTH_SHARE_KEY, else the one kept in
 * `<stateDir>/auth-share.key` (mode 0600), generated there on the first start. Losing it makes
 * the stored auth shares unreadable (users then recover with their passphrase on each device).
 */
export async function loadAuthShareKey({
  keyHex,
  stateDir,
}: LoadAuthShareKeyParameters): Promise<LoadAuthShareKeyReturnType> {
  if (keyHex)
    return { key: new Uint8Array(Buffer.from(keyHex, 'hex')), source: 'LATCH_AUTH_SHARE_KEY' }
  const file = path.join(stateDir, 'auth-share.key')
  await mkdir(stateDir, { recursive: true })
  // Written whole under a temporary name, then linked into place: of two processes starting
  // together, one links its key and the other (EEXIST) reads that one, never a half-written file.
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`
  await writeFile(temporary, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600 })
  try {
    await link(temporary, file)
    return { key: await readKeyFile(file), source: 'generated', file }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  } finally {
    await rm(temporary, { force: true })
  }
  return { key: await readKeyFile(file), source: 'file', file }
}

async function readKeyFile(file: string): Promise<Uint8Array> {
  const text = (await readFile(file, 'utf8')).trim()
  if (!/^[0-9a-fA-F]{64}$/.test(text))
    throw new Error(`${file} does not hold a key of 64 hex digits; restore it from a backup.`)
  return new Uint8Array(Buffer.from(text, 'hex'))
}
