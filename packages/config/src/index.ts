export { defaultStateDir, repoRoot } from './defaultStateDir.ts'
export {
  type ConfigRow,
  type DescribeConfigParameters,
  type DescribeConfigReturnType,
  describeConfig,
} from './describeConfig.ts'
export { BaseError, type BaseErrorParameters } from './errors/base.ts'
export { type ConfigIssue, EnvFileError, InvalidConfigError } from './errors/config.ts'
export { formatIssuePath } from './formatIssuePath.ts'
export { isConfigVariable } from './isConfigVariable.ts'
export {
  getSocialProviderSettings,
  listSocialSignIns,
  type SocialProviderId,
  type SocialProviderSettings,
  type SocialSignInButton,
  type SocialSignInConfig,
  type SocialSignInManifest,
  socialProviderIds,
} from './listSocialSignIns.ts'
export { type LoadConfigParameters, loadConfig } from './loadConfig.ts'
export {
  type ConfigOrigin,
  type LoadConfigSourceParameters,
  type LoadConfigSourceReturnType,
  loadConfigSource,
} from './loadConfigSource.ts'
export { maskSetting } from './maskSetting.ts'
export { type MaskUrlParameters, maskUrl } from './maskUrl.ts'
export { type ParseConfigParameters, parseConfig } from './parseConfig.ts'
export {
  type ReadEnvFileParameters,
  type ReadEnvFileReturnType,
  readEnvFile,
} from './readEnvFile.ts'
export {
  type ConfigSource,
  type SafeParseConfigParameters,
  type SafeParseConfigReturnType,
  safeParseConfig,
} from './safeParseConfig.ts'
export {
  type CheckOriginPattern,
  type ConfigKey,
  type ConfigSchema,
  type CreateConfigSchemaParameters,
  createConfigSchema,
  defaultAllowedOrigins,
  defaultApiUrl,
  type LatchConfig,
} from './schema/createConfigSchema.ts'
export { getConfigSchema } from './schema/getConfigSchema.ts'
export {
  type BitcoinNetwork,
  bitcoinPresets,
  type Eip155Network,
  isEip155Network,
  type Network,
  type NetworkInput,
  networkSchema,
  networksJsonSchema,
  type SolanaNetwork,
  solanaPresets,
} from './schema/networkSchema.ts'
