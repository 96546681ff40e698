import { mkdir, rename, writeFile } from 'node:fs/promises'
import { type DevnetManifest, devnetManifestSchema } from '@latch/api-contract'
import { getManifestPath } from './env.ts'

/**
 * Validates `manifest` and writes it to `<stateDir>/devnet.json` through a temporary file and a
 * rename, so a reader never sees half a file. Returns the path.
 */
export async function writeDevnetManifest(
  stateDir: string,
  manifest: DevnetManifest,
): Promise<string> {
  const valid = devnetManifestSchema.parse(manifest)
  const manifestPath = getManifestPath(stateDir)
  const temporaryPath = `${manifestPath}.${process.pid}.tmp`
  await mkdir(stateDir, { recursive: true })
  await writeFile(temporaryPath, `${JSON.stringify(valid, null, 2)}\n`)
  await rename(temporaryPath, manifestPath)
  return manifestPath
}
