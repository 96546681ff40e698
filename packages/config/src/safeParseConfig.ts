import type { ConfigIssue } from './errors/config.ts'
import { formatIssuePath } from './formatIssuePath.ts'
import { isConfigVariable } from './isConfigVariable.ts'
import type { CreateConfigSchemaParameters, LatchConfig } from './schema/createConfigSchema.ts'
import { getConfigSchema } from './schema/getConfigSchema.ts'

/** Where settings come from: variable name -> raw text (undefined or '' means unset). */
export type ConfigSource = Readonly<Record<string, string | undefined>>

export type SafeParseConfigParameters = CreateConfigSchemaParameters

export type SafeParseConfigReturnType =
  | { success: true; config: LatchConfig; issues: readonly [] }
  | { success: false; config: undefined; issues: readonly ConfigIssue[] }

/**
 * Validates every setting of `source` against the one schema. Variables other than `LATCH_*`,
 * PORT, HOST and DATABASE_URL are ignored; an unknown `LATCH_*` variable is an issue, as is a
 * wrong value, each with its path (`LATCH_NETWORKS[0].rpcUrl`) and the reason.
 */
export function safeParseConfig(
  source: ConfigSource,
  parameters: SafeParseConfigParameters = {},
): SafeParseConfigReturnType {
  const schema = getConfigSchema(parameters)
  const known = new Set(Object.keys(schema.shape))
  const input: Record<string, string> = {}
  const issues: ConfigIssue[] = []
  for (const [name, value] of Object.entries(source)) {
    if (!isConfigVariable(name) || value === undefined) continue
    if (known.has(name)) input[name] = value
    else issues.push({ variable: name, path: name, message: 'Unknown setting.' })
  }
  const result = schema.safeParse(input)
  if (!result.success)
    for (const issue of result.error.issues) {
      const variable = String(issue.path[0] ?? '')
      issues.push({ variable, path: formatIssuePath(issue.path), message: issue.message })
    }
  // Node refuses a header timeout longer than the whole request's.
  if (result.success && result.data.LATCH_HEADERS_TIMEOUT_MS > result.data.LATCH_REQUEST_TIMEOUT_MS)
    issues.push({
      variable: 'LATCH_HEADERS_TIMEOUT_MS',
      path: 'LATCH_HEADERS_TIMEOUT_MS',
      message: 'Must not be longer than LATCH_REQUEST_TIMEOUT_MS.',
    })
  if (result.success && issues.length === 0)
    return { success: true, config: result.data, issues: [] }
  return { success: false, config: undefined, issues }
}
