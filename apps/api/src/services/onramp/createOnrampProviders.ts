import type { DevnetManifest } from '@latch/api-contract'
import type { LatchConfig } from '@latch/config'
import { InvalidEnvError } from '../../errors/config.ts'
import { readCdpKey } from './createCdpJwt.ts'
import { createCoinbaseOnrampProvider } from './createCoinbaseOnrampProvider.ts'
import { createMoonpayOnrampProvider } from './createMoonpayOnrampProvider.ts'
import type { OnrampFetch } from './onrampFetch.ts'
import type { OnrampProvider } from './onrampProvider.ts'

/** The on-ramp settings of the API's configuration (`LATCH_ONRAMP_*`). */
export type OnrampSettings = Pick<
  LatchConfig,
  | 'LATCH_ONRAMP_PROVIDERS'
  | 'LATCH_ONRAMP_COINBASE_API_URL'
  | 'LATCH_ONRAMP_COINBASE_API_KEY'
  | 'LATCH_ONRAMP_COINBASE_SECRET'
  | 'LATCH_ONRAMP_COINBASE_CHECKOUT_URL'
  | 'LATCH_ONRAMP_COINBASE_FEE'
  | 'LATCH_ONRAMP_COINBASE_SENDERS'
  | 'LATCH_ONRAMP_MOONPAY_API_URL'
  | 'LATCH_ONRAMP_MOONPAY_API_KEY'
  | 'LATCH_ONRAMP_MOONPAY_SECRET'
  | 'LATCH_ONRAMP_MOONPAY_CHECKOUT_URL'
  | 'LATCH_ONRAMP_MOONPAY_FEE'
  | 'LATCH_ONRAMP_MOONPAY_SENDERS'
  | 'LATCH_ONRAMP_COUNTRY'
  | 'LATCH_ONRAMP_TIMEOUT_MS'
>

/** One provider as configured, before an adapter is made for it. */
export type OnrampProviderConfig = {
  id: 'coinbase' | 'moonpay'
  name: string
  feePercent: number
  apiUrl: string
  checkoutUrl: string
  apiKey: string
  secret: string
  /** Funding accounts: transfers from them are this provider's purchases in the history. */
  senders: readonly string[]
}

export type CreateOnrampProvidersReturnType = {
  providers: OnrampProvider[]
  /** Lower-case funding account -> provider id, for the history. */
  senders: ReadonlyMap<string, string>
  /** Where the providers came from, for the startup log. */
  source: 'settings' | 'devnet' | 'none'
}

/**
 * The configured providers: LATCH_ONRAMP_PROVIDERS with their settings, else (under the devnet)
 * the manifest's sandbox, else none. Throws `InvalidEnvError` naming the variable when a provider
 * lacks its key or secret (or Coinbase's secret is no key), so a half-configured provider fails at
 * start instead of at the first purchase.
 */
export function createOnrampProviders({
  settings,
  manifest,
  fetch,
}: {
  settings: OnrampSettings
  manifest?: Pick<DevnetManifest, 'onramp'> | undefined
  fetch: OnrampFetch
}): CreateOnrampProvidersReturnType {
  const configs = readProviderConfigs(settings, manifest)
  const timeoutMs = settings.LATCH_ONRAMP_TIMEOUT_MS
  const providers = configs.list.map((config): OnrampProvider => {
    const info = { id: config.id, name: config.name, feeRange: `${config.feePercent}%` }
    const common = { ...config, info, fetch, timeoutMs }
    return config.id === 'coinbase'
      ? createCoinbaseOnrampProvider({ ...common, country: settings.LATCH_ONRAMP_COUNTRY })
      : createMoonpayOnrampProvider(common)
  })
  const senders = new Map<string, string>()
  for (const config of configs.list)
    for (const sender of config.senders) senders.set(sender.toLowerCase(), config.id)
  return { providers, senders, source: configs.source }
}

function readProviderConfigs(
  settings: OnrampSettings,
  manifest: Pick<DevnetManifest, 'onramp'> | undefined,
): { list: OnrampProviderConfig[]; source: CreateOnrampProvidersReturnType['source'] } {
  const ids = settings.LATCH_ONRAMP_PROVIDERS
  if (ids === undefined || ids.length === 0) {
    const sandbox = manifest?.onramp?.providers ?? []
    return sandbox.length > 0
      ? { list: [...sandbox], source: 'devnet' }
      : { list: [], source: 'none' }
  }
  const list = [...new Set(ids)].map((id): OnrampProviderConfig => {
    const upper = id.toUpperCase() as 'COINBASE' | 'MOONPAY'
    const key = settings[`LATCH_ONRAMP_${upper}_API_KEY`]
    const secret = settings[`LATCH_ONRAMP_${upper}_SECRET`]
    const missing = [
      ...(key ? [] : [`LATCH_ONRAMP_${upper}_API_KEY`]),
      ...(secret ? [] : [`LATCH_ONRAMP_${upper}_SECRET`]),
    ]
    if (!key || !secret)
      throw new InvalidEnvError({
        issues: missing.map((variable) => ({
          variable,
          message: `Required: LATCH_ONRAMP_PROVIDERS names ${id}.`,
        })),
      })
    if (id === 'coinbase') {
      try {
        readCdpKey(secret)
      } catch {
        throw new InvalidEnvError({
          issues: [
            {
              variable: 'LATCH_ONRAMP_COINBASE_SECRET',
              message: 'Expected a CDP API key secret: an Ed25519 key (base64) or an EC key (PEM).',
            },
          ],
        })
      }
    }
    return {
      id,
      name: id === 'coinbase' ? 'Coinbase' : 'MoonPay',
      feePercent: settings[`LATCH_ONRAMP_${upper}_FEE`] ?? (id === 'coinbase' ? 1 : 2),
      apiUrl: settings[`LATCH_ONRAMP_${upper}_API_URL`],
      checkoutUrl: settings[`LATCH_ONRAMP_${upper}_CHECKOUT_URL`],
      apiKey: key,
      secret,
      senders: settings[`LATCH_ONRAMP_${upper}_SENDERS`] ?? [],
    }
  })
  return { list, source: 'settings' }
}
