import { type LoadConfigSourceParameters, loadConfigSource } from './loadConfigSource.ts'
import { type ParseConfigParameters, parseConfig } from './parseConfig.ts'
import type { LatchConfig } from './schema/createConfigSchema.ts'

export type LoadConfigParameters = LoadConfigSourceParameters &
  ParseConfigParameters & {
    /** Values that win over the environment and the `.env` file (undefined: not set here). */
    overrides?: Readonly<Record<string, string | undefined>> | undefined
  }

/**
 * The process's configuration: the environment over the `.env` file, parsed by the one schema.
 * Call it once at start and hand the result down; throws `InvalidConfigError` (every bad
 * setting with its path and reason) or `EnvFileError`.
 */
export function loadConfig(parameters: LoadConfigParameters = {}): LatchConfig {
  const { source } = loadConfigSource(parameters)
  const overrides = Object.fromEntries(
    Object.entries(parameters.overrides ?? {}).filter(([, value]) => value !== undefined),
  )
  return parseConfig({ ...source, ...overrides }, parameters)
}
