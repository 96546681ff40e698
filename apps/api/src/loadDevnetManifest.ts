import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { type DevnetManifest, devnetManifestSchema } from '@latch/api-contract'
import { InvalidManifestError } from './errors/config.ts'

/** Where the devnet writes its manifest inside a state directory. */
export function getDevnetManifestPath(stateDir: string): string {
  return path.join(stateDir, 'devnet.json')
}

/**
 * Reads `<stateDir>/devnet.json`. Returns `undefined` when the devnet has not written one yet;
 * throws `InvalidManifestError` when the file exists but does not match the schema.
 */
export async function loadDevnetManifest(stateDir: string): Promise<DevnetManifest | undefined> {
  const manifestPath = getDevnetManifestPath(stateDir)
  let text: string
  try {
    text = await readFile(manifestPath, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw error
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    throw new InvalidManifestError({ manifestPath, details: 'It is not valid JSON.' })
  }
  const result = devnetManifestSchema.safeParse(json)
  if (!result.success)
    throw new InvalidManifestError({
      manifestPath,
      details: result.error.issues
        .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
        .join('; '),
    })
  return result.data
}
