import type { ConfigIssue } from './errors/config.ts'
import { isConfigVariable } from './isConfigVariable.ts'
import { type ConfigOrigin, loadConfigSource } from './loadConfigSource.ts'
import { maskSetting } from './maskSetting.ts'
import { safeParseConfig } from './safeParseConfig.ts'
import { getConfigSchema } from './schema/getConfigSchema.ts'

export type DescribeConfigParameters = {
  /** Default `process.env`. */
  env?: Readonly<Record<string, string | undefined>> | undefined
  rootDir?: string | undefined
}

/** One line of `npm run config`. */
export type ConfigRow = {
  name: string
  /** Masked: safe to print. `undefined` when unset and without a default. */
  value: string | undefined
  origin: ConfigOrigin
}

export type DescribeConfigReturnType = {
  rows: ConfigRow[]
  envFile: string | undefined
  issues: readonly ConfigIssue[]
}

/**
 * The effective configuration, one row per setting: its value (secrets masked) and where it
 * came from (env, .env or the default). Bad settings are listed in `issues`, not thrown.
 */
export function describeConfig(
  parameters: DescribeConfigParameters = {},
): DescribeConfigReturnType {
  const { source, origins, envFile } = loadConfigSource(parameters)
  const parsed = safeParseConfig(source)
  const defaults = getConfigSchema().parse({}) as Record<string, unknown>
  const names = Object.keys(getConfigSchema().shape)
  const unknown = Object.keys(source).filter(
    (name) => isConfigVariable(name) && !names.includes(name),
  )
  const rows = [...names, ...unknown].map((name): ConfigRow => {
    const raw = source[name]
    if (raw !== undefined && raw !== '')
      return { name, value: maskSetting(name, raw), origin: origins[name] ?? 'env' }
    const fallback = defaults[name]
    return {
      name,
      value: fallback === undefined ? undefined : maskSetting(name, display(fallback)),
      origin: 'default',
    }
  })
  return { rows, envFile, issues: parsed.issues }
}

function display(value: unknown): string {
  if (Array.isArray(value)) return value.length > 0 ? value.join(',') : '(none)'
  return String(value)
}
