import { InvalidConfigError } from './errors/config.ts'
import {
  type ConfigSource,
  type SafeParseConfigParameters,
  safeParseConfig,
} from './safeParseConfig.ts'
import type { LatchConfig } from './schema/createConfigSchema.ts'

export type ParseConfigParameters = SafeParseConfigParameters

/** `safeParseConfig` that throws `InvalidConfigError` naming every bad setting. */
export function parseConfig(
  source: ConfigSource,
  parameters: ParseConfigParameters = {},
): LatchConfig {
  const result = safeParseConfig(source, parameters)
  if (!result.success) throw new InvalidConfigError({ issues: result.issues })
  return result.config
}
