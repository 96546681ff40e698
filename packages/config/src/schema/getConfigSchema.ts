import {
  type CheckOriginPattern,
  type ConfigSchema,
  type CreateConfigSchemaParameters,
  createConfigSchema,
} from './createConfigSchema.ts'

/** Built schemas by origin checker: building one takes ~14 ms, parsing with it well under 1 ms. */
const built = new Map<CheckOriginPattern | undefined, ConfigSchema>()

/** The configuration schema for these parameters, built once and reused (it holds no state). */
export function getConfigSchema(parameters: CreateConfigSchemaParameters = {}): ConfigSchema {
  const key = parameters.checkOriginPattern
  let schema = built.get(key)
  if (!schema) {
    schema = createConfigSchema(parameters)
    built.set(key, schema)
  }
  return schema
}
