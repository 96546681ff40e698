import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { parseEnv } from 'node:util'
import { repoRoot } from './defaultStateDir.ts'
import { EnvFileError } from './errors/config.ts'

export type ReadEnvFileParameters = {
  /** The real environment: its LATCH_ENV_FILE names the file. */
  env: Readonly<Record<string, string | undefined>>
  /** Where `.env` is looked for when LATCH_ENV_FILE is unset (default the repository root). */
  rootDir?: string | undefined
}

export type ReadEnvFileReturnType = {
  /** The file read, or undefined when there is none. */
  path: string | undefined
  values: Record<string, string>
}

/**
 * Reads the `.env` file (LATCH_ENV_FILE, else `<root>/.env`) with Node's own parser. A missing
 * `<root>/.env` is no file; a missing LATCH_ENV_FILE is an error. Nothing is written to the
 * environment: callers merge, and the real environment wins.
 */
export function readEnvFile(parameters: ReadEnvFileParameters): ReadEnvFileReturnType {
  const named = parameters.env.LATCH_ENV_FILE?.trim()
  const file = named ? path.resolve(named) : path.join(parameters.rootDir ?? repoRoot, '.env')
  if (!named && !existsSync(file)) return { path: undefined, values: {} }
  try {
    const values = parseEnv(readFileSync(file, 'utf8')) as Record<string, string>
    return { path: file, values }
  } catch (cause) {
    throw new EnvFileError({ path: file, cause })
  }
}
