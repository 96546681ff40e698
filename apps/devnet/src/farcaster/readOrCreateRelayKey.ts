import { randomBytes } from 'node:crypto'
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The local relay's key (what `X-Farcaster-Auth-Relay-Key` must carry), kept in
 * `<stateDir>/farcaster-relay-key` (mode 600) so it stays the same from one start to the next.
 * Generated here, never a real relay's key; a missing or damaged file gets a new one.
 */
export async function readOrCreateRelayKey(stateDir: string): Promise<string> {
  const file = join(stateDir, 'farcaster-relay-key')
  const stored = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => '',
  )
  if (/^[A-Za-z0-9_-]{43}$/.test(stored)) return stored
  const key = randomBytes(32).toString('base64url')
  await mkdir(stateDir, { recursive: true })
  await writeFile(file, `${key}\n`, { mode: 0o600 })
  await chmod(file, 0o600)
  return key
}
