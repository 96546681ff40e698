import { randomBytes } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

/**
 * The devnet's project id, kept in `<stateDir>/devnet-project-id` so it stays the same from one
 * `npm start` to the next: the API's database keeps one devnet project, and a person can keep
 * using the id they copied. A missing or damaged file gets a new random id.
 */
export async function readOrCreateProjectId(stateDir: string): Promise<string> {
  const file = join(stateDir, 'devnet-project-id')
  const stored = await readFile(file, 'utf8').then(
    (text) => text.trim(),
    () => '',
  )
  if (/^[0-9a-f]{32}$/.test(stored)) return stored
  const projectId = randomBytes(16).toString('hex')
  await mkdir(stateDir, { recursive: true })
  await writeFile(file, `${projectId}\n`)
  return projectId
}
