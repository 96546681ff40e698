import { InvalidConfigError, ProjectIdNotConfiguredError } from '../errors/config.ts'
import {
  type ConnectMethod,
  type LatchFeatures,
  resolveOptions,
  type SignInMode,
  type SocialProvider,
  type ThemeMode,
  type ThemeVariables,
  type WalletFeature,
} from '../options/createLatchOptions.ts'
import { httpUrl, type Issues, isObject, readString, wsUrl } from './readConfigFields.ts'

/** An EVM network the app offers (spec section 3, Network, flattened for runtime config). */
export type LatchNetwork = {
  /** CAIP-2 namespace; absent means eip155 (every config written before Solana and Bitcoin). */
  namespace?: 'eip155' | undefined
  id: number
  name: string
  /** CAIP-2 id, "eip155:{id}". */
  caipNetworkId: string
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorerUrl?: string | undefined
}

/** A Solana network: `reference` is the genesis hash's first 32 base58 characters. */
export type LatchSolanaNetwork = {
  namespace: 'solana'
  reference: string
  name: string
  /** "solana:{reference}". */
  caipNetworkId: `solana:${string}`
  /** The API's JSON-RPC endpoint for it (never a node URL). */
  rpcUrl: string
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorerUrl?: string | undefined
}

/** A Bitcoin network: `reference` is the genesis block hash's first 32 hex digits. */
export type LatchBitcoinNetwork = {
  namespace: 'bip122'
  reference: string
  name: string
  /** "bip122:{reference}". */
  caipNetworkId: `bip122:${string}`
  /** Which addresses belong to it (and the Wallet Standard chain "bitcoin:{network}"). */
  network: 'mainnet' | 'testnet' | 'regtest'
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorerUrl?: string | undefined
}

/** A network of any namespace Latch connects to; `caipNetworkId` is the key for all. */
export type LatchCaipNetwork = LatchNetwork | LatchSolanaNetwork | LatchBitcoinNetwork

/** The namespaces of `LatchCaipNetwork`. */
export type LatchNamespace = 'eip155' | 'solana' | 'bip122'

/** A network's namespace (eip155 when it names none). */
export const namespaceOf = (network: LatchCaipNetwork): LatchNamespace =>
  network.namespace ?? 'eip155'

/**
 * The client's runtime configuration. The web server writes it to `/latch-config.js` as
 * `window.__LATCH_CONFIG__`, so one build serves any deployment.
 */
export type LatchWebConfig = {
  /** Base URL of the Latch API, e.g. "http://127.0.0.1:4171". */
  apiUrl: string
  projectId: string
  /** WalletConnect relay, e.g. "ws://127.0.0.1:4172". */
  relayUrl: string
  /**
   * The embedded wallet's secure site (LATCH_AUTH_URL), e.g. "http://127.0.0.1:4177": its
   * frame holds the keys of email sign-in. Absent: no email sign-in.
   */
  authUrl?: string | undefined
  /**
   * The project id the relay knows this app by (a WalletConnect Cloud id for the public
   * relay); default `projectId`, which the devnet relay accepts.
   */
  walletConnectProjectId?: string | undefined
  appName: string
  /** The EVM networks, in order (what every eip155 feature reads). */
  networks: LatchNetwork[]
  /**
   * Every network, all namespaces, in the configured order; the first is the default.
   * `/latch-config.js` lists them all in `networks`, each with its `namespace`;
   * `parseLatchWebConfig` splits them into `networks` (eip155) and this (all).
   */
  caipNetworks?: LatchCaipNetwork[] | undefined
  /**
   * Devnet only: the in-page "Devnet Wallet" holding an anvil test key. Absent for real
   * networks, and then its code is never loaded. `rpcUrls` (chain id -> anvil URL) are the
   * only node URLs the page may hold: the wallet plays a wallet, which owns its node; the
   * app itself reads through the API's endpoint (`networks[].rpcUrl`).
   */
  devnetWallet?: Record<string, unknown> | undefined
  /** Locale of the views ('en', 'es', 'ar', or a tag like 'es-MX'); default the browser's. */
  locale?: string | undefined
  /** Default 'system' (follows prefers-color-scheme). */
  themeMode?: ThemeMode | undefined
  themeVariables?: ThemeVariables | undefined
  /** 'required': every connected wallet signs in (LATCH_REQUIRE_SIGN_IN); default 'off'. */
  signIn?: SignInMode | undefined
  /** Account names' suffix, e.g. "latch.id" (LATCH_NAME_SUFFIX, as the API's). */
  nameSuffix?: string | undefined
  /** Feature switches (LATCH_FEATURES); one this build does not have fails the parse. */
  features?: Partial<LatchFeatures> | undefined
  /** LATCH_CONNECT_METHODS_ORDER; default email, social, wallet. */
  connectMethodsOrder?: ConnectMethod[] | undefined
  /** LATCH_WALLET_FEATURES_ORDER; default onramp, swaps, receive, send. */
  walletFeaturesOrder?: WalletFeature[] | undefined
  /** LATCH_TERMS_URL, linked by the legal checkbox. */
  termsConditionsUrl?: string | undefined
  /** LATCH_PRIVACY_URL, linked by the legal checkbox. */
  privacyPolicyUrl?: string | undefined
  /** LATCH_RESTRICTED_TIME_ZONES; default the Chinese regions. */
  restrictedTimeZones?: string[] | undefined
  /**
   * The social sign-ins the auth backend offers (providers with settings, Farcaster with a
   * relay), in the spec's order; the Connect view shows these only. Absent: none.
   */
  socials?: SocialProvider[] | undefined
}

const socialProviders: readonly string[] = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
] satisfies SocialProvider[]

/** Reads the offered social sign-ins: known providers, each once. */
function readSocials(value: unknown, issues: Issues): SocialProvider[] | undefined {
  if (value === undefined) return undefined
  if (!Array.isArray(value) || !value.every((entry) => socialProviders.includes(entry))) {
    issues.push(`socials: expected a list of ${socialProviders.join(', ')}.`)
    return undefined
  }
  return [...new Set(value as SocialProvider[])]
}

/** The view options of a web config, as `createLatchConfig` takes them. */
type ViewOptions = Pick<
  LatchWebConfig,
  | 'features'
  | 'connectMethodsOrder'
  | 'walletFeaturesOrder'
  | 'termsConditionsUrl'
  | 'privacyPolicyUrl'
  | 'restrictedTimeZones'
>

/**
 * Reads the feature switches, orders, legal links and restricted time zones, and checks them
 * as the options will (`resolveOptions`): a feature this build lacks is an issue here, before
 * the page starts, never a silently hidden button.
 */
function readViewOptions(value: Record<string, unknown>, issues: Issues): ViewOptions {
  const result: ViewOptions = {}
  if (value.features !== undefined) {
    if (isObject(value.features) && Object.values(value.features).every(isBoolean))
      result.features = value.features as Partial<LatchFeatures>
    else issues.push('features: expected an object of true/false switches.')
  }
  for (const key of [
    'connectMethodsOrder',
    'walletFeaturesOrder',
    'restrictedTimeZones',
  ] as const) {
    if (value[key] === undefined) continue
    const list = value[key]
    if (Array.isArray(list) && list.every((entry) => typeof entry === 'string'))
      (result as Record<string, unknown>)[key] = list
    else issues.push(`${key}: expected a list of strings.`)
  }
  for (const key of ['termsConditionsUrl', 'privacyPolicyUrl'] as const) {
    if (value[key] === undefined) continue
    if (typeof value[key] === 'string') result[key] = value[key]
    else issues.push(`${key}: expected an http(s) URL.`)
  }
  try {
    resolveOptions(result)
  } catch (error) {
    if (!(error instanceof InvalidConfigError)) throw error
    issues.push(...error.issues.map((issue) => issue.replace(/^options\./, '')))
  }
  return result
}

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean'

const themeModes: readonly ThemeMode[] = ['light', 'dark', 'system']

/** Reads the optional locale and theme fields (LATCH_LOCALE, LATCH_THEME_MODE, LATCH_ACCENT). */
function readAppearance(
  value: Record<string, unknown>,
  issues: Issues,
): Pick<LatchWebConfig, 'locale' | 'themeMode' | 'themeVariables'> {
  const result: Pick<LatchWebConfig, 'locale' | 'themeMode' | 'themeVariables'> = {}
  if (
    value.walletConnectProjectId !== undefined &&
    (typeof value.walletConnectProjectId !== 'string' ||
      !/^[0-9a-zA-Z]{32}$/.test(value.walletConnectProjectId))
  )
    issues.push('walletConnectProjectId: expected a 32-character WalletConnect project id.')
  if (value.locale !== undefined) {
    if (
      typeof value.locale === 'string' &&
      /^[a-zA-Z]{2,3}(-[a-zA-Z0-9]{2,8})*$/.test(value.locale)
    )
      result.locale = value.locale
    else issues.push('locale: expected a language tag such as "en" or "es-MX".')
  }
  if (value.themeMode !== undefined) {
    if (themeModes.includes(value.themeMode as ThemeMode))
      result.themeMode = value.themeMode as ThemeMode
    else issues.push('themeMode: expected "light", "dark" or "system".')
  }
  if (value.themeVariables !== undefined) {
    const variables = value.themeVariables
    if (!isObject(variables)) issues.push('themeVariables: expected an object.')
    else {
      const themeVariables: { -readonly [K in keyof ThemeVariables]: ThemeVariables[K] } = {}
      for (const key of ['accent', 'radius', 'fontFamily'] as const) {
        const entry = variables[key]
        if (entry === undefined) continue
        if (typeof entry === 'string' && entry.trim()) themeVariables[key] = entry.trim()
        else issues.push(`themeVariables.${key}: expected a non-empty string.`)
      }
      if (variables.zIndex !== undefined) {
        if (typeof variables.zIndex === 'number' && Number.isInteger(variables.zIndex))
          themeVariables.zIndex = variables.zIndex
        else issues.push('themeVariables.zIndex: expected an integer.')
      }
      result.themeVariables = themeVariables
    }
  }
  return result
}

function readNetwork(value: unknown, index: number, issues: Issues): LatchCaipNetwork {
  const path = `networks[${index}].`
  if (!isObject(value)) {
    issues.push(`networks[${index}]: expected an object.`)
    return value as LatchNetwork
  }
  const namespace = value.namespace
  if (namespace !== undefined && namespace !== 'eip155') {
    // Solana and Bitcoin networks come from the server's checked LATCH_NETWORKS: their
    // shape is checked here, their references there.
    const reference = readString(value, 'reference', path, issues)
    if (
      (namespace !== 'solana' && namespace !== 'bip122') ||
      value.caipNetworkId !== `${namespace}:${reference}`
    )
      issues.push(`${path}caipNetworkId: expected "solana:{reference}" or "bip122:{reference}".`)
    readString(value, 'name', path, issues)
    readCurrency(value, path, issues)
    return value as LatchSolanaNetwork | LatchBitcoinNetwork
  }
  const id = value.id
  if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0)
    issues.push(`${path}id: expected a positive integer.`)
  const caipNetworkId = readString(value, 'caipNetworkId', path, issues)
  if (caipNetworkId && caipNetworkId !== `eip155:${String(id)}`)
    issues.push(`${path}caipNetworkId: expected "eip155:${String(id)}".`)
  const currency = readCurrency(value, path, issues)
  if (value.blockExplorerUrl !== undefined)
    readString(value, 'blockExplorerUrl', path, issues, httpUrl)
  return {
    id: id as number,
    name: readString(value, 'name', path, issues),
    caipNetworkId,
    rpcUrl: readString(value, 'rpcUrl', path, issues, httpUrl),
    nativeCurrency: currency as LatchNetwork['nativeCurrency'],
    ...(typeof value.blockExplorerUrl === 'string'
      ? { blockExplorerUrl: value.blockExplorerUrl }
      : {}),
  }
}

function readCurrency(value: Record<string, unknown>, path: string, issues: Issues): unknown {
  const currency = value.nativeCurrency
  if (!isObject(currency)) issues.push(`${path}nativeCurrency: expected an object.`)
  else {
    readString(currency, 'name', `${path}nativeCurrency.`, issues)
    readString(currency, 'symbol', `${path}nativeCurrency.`, issues)
    if (typeof currency.decimals !== 'number' || !Number.isInteger(currency.decimals))
      issues.push(`${path}nativeCurrency.decimals: expected an integer.`)
  }
  return currency
}

/**
 * Checks the runtime configuration (hand-written rather than zod, to keep the first load
 * small). Throws `ProjectIdNotConfiguredError` when only the project id is missing, and
 * `InvalidConfigError` listing every other problem.
 */
export function parseLatchWebConfig(value: unknown): LatchWebConfig {
  if (!isObject(value))
    throw new InvalidConfigError([
      'window.__LATCH_CONFIG__ is missing: is /latch-config.js served?',
    ])
  const issues: Issues = []
  const apiUrl = readString(value, 'apiUrl', '', issues, httpUrl)
  const relayUrl = readString(value, 'relayUrl', '', issues, wsUrl)
  const authUrl =
    value.authUrl === undefined ? undefined : readString(value, 'authUrl', '', issues, httpUrl)
  const appName = readString(value, 'appName', '', issues)
  const networksValue = value.networks
  let caipNetworks: LatchCaipNetwork[] = []
  if (!Array.isArray(networksValue) || networksValue.length === 0)
    issues.push('networks: expected at least one network.')
  else caipNetworks = networksValue.map((network, index) => readNetwork(network, index, issues))
  const networks = caipNetworks.filter(
    (network): network is LatchNetwork => !network.namespace || network.namespace === 'eip155',
  )

  // Devnet only: checked by `parseDevnetWalletConfig` when the Devnet Wallet loads (its code
  // and its checks stay out of the page's first chunk).
  const devnetWallet = value.devnetWallet
  if (devnetWallet !== undefined && !isObject(devnetWallet))
    issues.push('devnetWallet: expected an object.')

  const appearance = readAppearance(value, issues)
  const accountOptions = readAccountOptions(value, issues)
  const viewOptions = readViewOptions(value, issues)
  const socials = readSocials(value.socials, issues)
  const projectId = typeof value.projectId === 'string' ? value.projectId.trim() : ''
  if (issues.length > 0) throw new InvalidConfigError(issues)
  if (!projectId) throw new ProjectIdNotConfiguredError()
  return {
    apiUrl: apiUrl.replace(/\/+$/, ''),
    projectId,
    relayUrl,
    ...(authUrl ? { authUrl: authUrl.replace(/\/+$/, '') } : {}),
    ...(typeof value.walletConnectProjectId === 'string'
      ? { walletConnectProjectId: value.walletConnectProjectId }
      : {}),
    appName,
    networks,
    caipNetworks,
    ...(isObject(devnetWallet) ? { devnetWallet } : {}),
    ...appearance,
    ...accountOptions,
    ...viewOptions,
    ...(socials ? { socials } : {}),
  }
}

/** Reads the optional sign-in mode and name suffix. */
function readAccountOptions(
  value: Record<string, unknown>,
  issues: Issues,
): Pick<LatchWebConfig, 'signIn' | 'nameSuffix'> {
  const result: Pick<LatchWebConfig, 'signIn' | 'nameSuffix'> = {}
  if (value.signIn !== undefined) {
    if (value.signIn === 'off' || value.signIn === 'required') result.signIn = value.signIn
    else issues.push('signIn: expected "off" or "required".')
  }
  if (value.nameSuffix !== undefined) {
    if (typeof value.nameSuffix === 'string' && /^[\w-]+(\.[\w-]+)*$/.test(value.nameSuffix))
      result.nameSuffix = value.nameSuffix
    else issues.push('nameSuffix: expected a domain such as "latch.id".')
  }
  return result
}
