import { readFile } from 'node:fs/promises'
import { type DevnetManifest, devnetManifestSchema } from '@latch/api-contract'
import { getManifestPath, readDevnetEnv } from './env.ts'
import { DevnetNotRunningError, InvalidManifestError } from './errors.ts'

/**
 * Reads and validates `<stateDir>/devnet.json` (default: `LATCH_STATE_DIR` or `<repo>/.latch`).
 * Throws `DevnetNotRunningError` when there is none, `InvalidManifestError` when it is malformed.
 */
export async function readDevnetManifest(
  stateDir: string = readDevnetEnv().stateDir,
): Promise<DevnetManifest> {
  const manifestPath = getManifestPath(stateDir)
  let text: string
  try {
    text = await readFile(manifestPath, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new DevnetNotRunningError({ reason: `No manifest at "${manifestPath}".` })
    }
    throw error
  }
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new InvalidManifestError(`The devnet manifest "${manifestPath}" is not valid JSON.`, {
      cause: error,
      metaMessages: ['Restart the devnet with `npm start` to rewrite it.'],
    })
  }
  const parsed = devnetManifestSchema.safeParse(json)
  if (!parsed.success) {
    throw new InvalidManifestError(
      `The devnet manifest "${manifestPath}" does not match the schema.`,
      {
        cause: parsed.error,
        metaMessages: [
          ...parsed.error.issues
            .slice(0, 5)
            .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`),
          'Restart the devnet with `npm start` to rewrite it.',
        ],
      },
    )
  }
  return parsed.data
}
