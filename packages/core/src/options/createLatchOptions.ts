import { InvalidConfigError } from '../errors/config.ts'

/** Ways to connect, in the order the connect view lists them (spec section 1). */
export type ConnectMethod = 'email' | 'social' | 'wallet'

/** Account actions, in the order the account view lists them (spec section 1). */
export type WalletFeature = 'onramp' | 'swaps' | 'receive' | 'send'

/** Social login providers (spec section 1). */
export type SocialProvider =
  | 'google'
  | 'x'
  | 'discord'
  | 'farcaster'
  | 'github'
  | 'apple'
  | 'facebook'

export type ThemeMode = 'light' | 'dark' | 'system'

/** Fiat currencies prices and balances are shown in (the API's `currency`). */
export type FiatCurrency = 'usd' | 'eur'

/**
 * Sign in with the wallet (EIP-4361): 'required' asks every connected wallet to sign in
 * before the account shows, and lists its sessions; 'off' never asks.
 */
export type SignInMode = 'off' | 'required'

/** Theme overrides; the React layer maps them to CSS variables. */
export type ThemeVariables = {
  /** Accent colour, any CSS colour. */
  readonly accent?: string | undefined
  /** Base corner radius, a CSS length such as "8px". */
  readonly radius?: string | undefined
  readonly fontFamily?: string | undefined
  /** z-index of the modal. */
  readonly zIndex?: number | undefined
}

/** Feature switches (spec section 9: defaults). */
export type LatchFeatures = {
  readonly swaps: boolean
  readonly onramp: boolean
  readonly receive: boolean
  readonly send: boolean
  readonly email: boolean
  /**
   * Social login through the embedded wallet: the Connect view shows `socials` among those its
   * auth backend offers (none: no social buttons); off when `socials` is empty.
   */
  readonly socials: boolean
  readonly history: boolean
  readonly analytics: boolean
  readonly allWallets: boolean
  readonly legalCheckbox: boolean
  readonly smartSessions: boolean
  readonly collapseWallets: boolean
  readonly pay: boolean
}

/**
 * Features this build has nothing behind yet: switching one on fails at configuration
 * (`InvalidConfigError`), it is never silently hidden. Remove an entry when its screen lands.
 */
export const unbuiltFeatures: readonly (keyof LatchFeatures)[] = ['smartSessions', 'pay']

/**
 * Time zones (IANA, compared case-insensitively) whose users see neither on-ramp nor swaps
 * (spec section 9: "a list of Chinese regions"). Mainland China's zones and their `PRC`
 * alias, plus Hong Kong and Macau (both spellings), as the reference kit lists them.
 */
export const defaultRestrictedTimeZones: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Urumqi',
  'Asia/Chongqing',
  'Asia/Harbin',
  'Asia/Kashgar',
  'Asia/Macau',
  'Asia/Macao',
  'Asia/Hong_Kong',
  'PRC',
]

/** The app's resolved options: every field set, frozen. Read it from `config.options`. */
export type LatchOptions = {
  readonly features: LatchFeatures
  readonly connectMethodsOrder: readonly ConnectMethod[]
  readonly walletFeaturesOrder: readonly WalletFeature[]
  /** Social providers offered, in order. */
  readonly socials: readonly SocialProvider[]
  /** When false, connecting on a chain the app did not configure opens UnsupportedChain. */
  readonly allowUnsupportedChain: boolean
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables
  /** Locale code ('en', 'es', 'ar'...); undefined: the browser's languages. */
  readonly locale: string | undefined
  /** Wallet listing ids shown first. */
  readonly featuredWalletIds: readonly string[] | undefined
  /** When set, only these wallet listing ids are shown. */
  readonly includeWalletIds: readonly string[] | undefined
  /** Wallet listing ids never shown. */
  readonly excludeWalletIds: readonly string[] | undefined
  /** The app's name, as sign-in messages state it ("Sign in to {appName}."). */
  readonly appName: string
  readonly signIn: SignInMode
  /** Account names are `{label}.{nameSuffix}`; the API's LATCH_NAME_SUFFIX. */
  readonly nameSuffix: string
  /** The person's fiat currency: every balance, price and fee value is asked in it. */
  readonly currency: FiatCurrency
  /** Terms of service, linked by the legal checkbox (http(s) URL). */
  readonly termsConditionsUrl: string | undefined
  /** Privacy policy, linked by the legal checkbox (http(s) URL). */
  readonly privacyPolicyUrl: string | undefined
  /** Users in these time zones see neither on-ramp nor swaps (`isRestrictedTimeZone`). */
  readonly restrictedTimeZones: readonly string[]
}

/** What an app passes: any subset, features field by field. */
export type LatchOptionsParameters = {
  features?: Partial<LatchFeatures> | undefined
  connectMethodsOrder?: readonly ConnectMethod[] | undefined
  walletFeaturesOrder?: readonly WalletFeature[] | undefined
  socials?: readonly SocialProvider[] | undefined
  allowUnsupportedChain?: boolean | undefined
  themeMode?: ThemeMode | undefined
  themeVariables?: ThemeVariables | undefined
  locale?: string | undefined
  featuredWalletIds?: readonly string[] | undefined
  includeWalletIds?: readonly string[] | undefined
  excludeWalletIds?: readonly string[] | undefined
  appName?: string | undefined
  signIn?: SignInMode | undefined
  nameSuffix?: string | undefined
  currency?: FiatCurrency | undefined
  termsConditionsUrl?: string | undefined
  privacyPolicyUrl?: string | undefined
  restrictedTimeZones?: readonly string[] | undefined
}

/** The defaults of spec sections 1 and 9. */
export const defaultLatchOptions: LatchOptions = deepFreeze({
  features: {
    // The spec's defaults are on (swaps: the Swap view over the API's convert routes).
    swaps: true,
    // The Buy view over the API's on-ramp routes.
    onramp: true,
    receive: true,
    send: true,
    // The embedded wallet (`embeddedWallet` connector): the Connect view shows the email field
    // when the app configures that connector.
    email: true,
    // Social login (issue 13): the buttons of the providers the auth backend offers.
    socials: true,
    history: true,
    // On as the spec says: the page asks the API, which collects nothing unless its operator
    // enables analytics (LATCH_ANALYTICS).
    analytics: true,
    allWallets: true,
    legalCheckbox: false,
    smartSessions: false,
    collapseWallets: false,
    pay: false,
  },
  connectMethodsOrder: ['email', 'social', 'wallet'],
  walletFeaturesOrder: ['onramp', 'swaps', 'receive', 'send'],
  socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
  allowUnsupportedChain: false,
  themeMode: 'system',
  themeVariables: {},
  locale: undefined,
  featuredWalletIds: undefined,
  includeWalletIds: undefined,
  excludeWalletIds: undefined,
  appName: 'Latch',
  signIn: 'off',
  nameSuffix: 'latch.id',
  currency: 'usd',
  termsConditionsUrl: undefined,
  privacyPolicyUrl: undefined,
  restrictedTimeZones: defaultRestrictedTimeZones,
})

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)]

const connectMethods: readonly string[] = ['email', 'social', 'wallet'] satisfies ConnectMethod[]
const walletFeatures: readonly string[] = [
  'onramp',
  'swaps',
  'receive',
  'send',
] satisfies WalletFeature[]

/**
 * Resolves an app's options against the defaults into a new frozen object (one per config,
 * no module state). Orders and lists are de-duplicated; an empty `socials` list turns the
 * socials feature off. Throws `InvalidConfigError` listing every problem: a feature switched
 * on that this build does not have (`unbuiltFeatures`), an unknown order entry, the legal
 * checkbox without a terms or privacy URL, a URL that is not http(s), a malformed time zone.
 */
export function resolveOptions(parameters: LatchOptionsParameters = {}): LatchOptions {
  const defaults = defaultLatchOptions
  const issues: string[] = []
  const socials = unique(parameters.socials ?? defaults.socials)
  const features = { ...defaults.features, ...withoutUndefined(parameters.features ?? {}) }
  for (const feature of unbuiltFeatures)
    if (parameters.features?.[feature] === true)
      issues.push(
        `options.features.${feature}: this build of Latch has no ${featureLabels[feature]} yet; leave it off.`,
      )
  const connectMethodsOrder = readOrder(
    'connectMethodsOrder',
    parameters.connectMethodsOrder ?? defaults.connectMethodsOrder,
    connectMethods,
    issues,
  ) as ConnectMethod[]
  const walletFeaturesOrder = readOrder(
    'walletFeaturesOrder',
    parameters.walletFeaturesOrder ?? defaults.walletFeaturesOrder,
    walletFeatures,
    issues,
  ) as WalletFeature[]
  const termsConditionsUrl = readUrl('termsConditionsUrl', parameters.termsConditionsUrl, issues)
  const privacyPolicyUrl = readUrl('privacyPolicyUrl', parameters.privacyPolicyUrl, issues)
  if (features.legalCheckbox && !termsConditionsUrl && !privacyPolicyUrl)
    issues.push(
      'options.features.legalCheckbox: needs termsConditionsUrl or privacyPolicyUrl to link to.',
    )
  const restrictedTimeZones = unique(parameters.restrictedTimeZones ?? defaults.restrictedTimeZones)
  for (const zone of restrictedTimeZones)
    if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone))
      issues.push(`options.restrictedTimeZones: "${zone}" is not an IANA time zone name.`)
  let currency: FiatCurrency | undefined
  try {
    currency = readCurrency(parameters.currency)
  } catch (error) {
    if (!(error instanceof InvalidConfigError)) throw error
    issues.push(...error.issues)
  }
  if (issues.length > 0) throw new InvalidConfigError(issues)
  return deepFreeze({
    features: { ...features, socials: features.socials && socials.length > 0 },
    connectMethodsOrder,
    walletFeaturesOrder,
    socials,
    allowUnsupportedChain: parameters.allowUnsupportedChain ?? defaults.allowUnsupportedChain,
    themeMode: parameters.themeMode ?? defaults.themeMode,
    themeVariables: withoutUndefined({ ...parameters.themeVariables }),
    locale: parameters.locale,
    featuredWalletIds: parameters.featuredWalletIds && unique(parameters.featuredWalletIds),
    includeWalletIds: parameters.includeWalletIds && unique(parameters.includeWalletIds),
    excludeWalletIds: parameters.excludeWalletIds && unique(parameters.excludeWalletIds),
    appName: parameters.appName?.trim() || defaults.appName,
    signIn: parameters.signIn ?? defaults.signIn,
    nameSuffix:
      parameters.nameSuffix?.trim().replace(/^\./, '').toLowerCase() || defaults.nameSuffix,
    currency: currency ?? defaults.currency,
    termsConditionsUrl,
    privacyPolicyUrl,
    restrictedTimeZones,
  })
}

const featureLabels: Record<keyof LatchFeatures, string> = {
  swaps: 'swaps',
  onramp: 'on-ramp',
  receive: 'receive',
  send: 'send',
  email: 'email login',
  socials: 'social login',
  history: 'history',
  analytics: 'analytics',
  allWallets: 'All Wallets',
  legalCheckbox: 'legal checkbox',
  smartSessions: 'smart sessions',
  collapseWallets: 'collapsed wallets',
  pay: 'pay',
}

/** An order list de-duplicated; an entry that is not one of `known` is an issue. */
function readOrder(
  name: string,
  order: readonly string[],
  known: readonly string[],
  issues: string[],
): string[] {
  for (const entry of order)
    if (!known.includes(entry))
      issues.push(`options.${name}: "${entry}" is not one of ${known.join(', ')}.`)
  return unique(order)
}

/** An optional http(s) URL, trimmed; anything else is an issue. */
function readUrl(name: string, url: string | undefined, issues: string[]): string | undefined {
  const value = url?.trim()
  if (!value) return undefined
  if (!/^https?:\/\/[^\s]+$/.test(value)) {
    issues.push(`options.${name}: expected an http(s) URL.`)
    return undefined
  }
  return value
}

const fiatCurrencies: readonly string[] = ['usd', 'eur'] satisfies FiatCurrency[]

/** The currency in lower case ('EUR' from a settings page is 'eur'); another is refused. */
function readCurrency(currency: string | undefined): FiatCurrency | undefined {
  if (currency === undefined) return undefined
  const code = currency.trim().toLowerCase()
  if (!fiatCurrencies.includes(code))
    throw new InvalidConfigError([
      `options.currency: "${currency}" is not a supported currency (${fiatCurrencies.join(', ')}).`,
    ])
  return code as FiatCurrency
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T
}

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const entry of Object.values(value)) deepFreeze(entry)
    Object.freeze(value)
  }
  return value
}
