import { readEnvFile } from './readEnvFile.ts'
import type { ConfigSource } from './safeParseConfig.ts'

/** Where one setting's value came from. */
export type ConfigOrigin = 'env' | '.env' | 'default'

export type LoadConfigSourceParameters = {
  /** Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined
  /** Where `.env` is looked for (default the repository root). */
  rootDir?: string | undefined
}

export type LoadConfigSourceReturnType = {
  /** The environment with the `.env` file's values under it (the real environment wins). */
  source: ConfigSource
  /** For each variable set, whether the environment or the `.env` file set it. */
  origins: Record<string, Exclude<ConfigOrigin, 'default'>>
  envFile: string | undefined
}

/** The environment merged over the `.env` file, with where each variable came from. */
export function loadConfigSource(
  parameters: LoadConfigSourceParameters = {},
): LoadConfigSourceReturnType {
  const env = parameters.env ?? process.env
  const file = readEnvFile({ env, rootDir: parameters.rootDir })
  const source: Record<string, string | undefined> = {}
  const origins: LoadConfigSourceReturnType['origins'] = {}
  for (const [name, value] of Object.entries(file.values)) {
    source[name] = value
    origins[name] = '.env'
  }
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue
    source[name] = value
    origins[name] = 'env'
  }
  return { source, origins, envFile: file.path }
}
