import type {
  OnrampAmount,
  OnrampDestinationWallet,
  OnrampPaymentCurrency,
  OnrampProviderInfo,
  OnrampPurchaseCurrency,
} from '@latch/api-contract'

/** What one provider sells and takes, in the API's (AppKit's) shape. */
export type OnrampOptions = {
  paymentCurrencies: OnrampPaymentCurrency[]
  purchaseCurrencies: OnrampPurchaseCurrency[]
}

export type GetOnrampQuoteParameters = {
  /** The provider's asset id (from its options). */
  purchaseCurrencyId: string
  /** The asset's symbol, e.g. `ETH`. */
  purchaseSymbol: string
  /** The provider's network name (from its options). */
  network: string
  /** ISO 4217, upper case. */
  paymentCurrency: string
  /** `card` or `ach_bank_account`. */
  paymentMethod: string
  /** Fiat to pay, fees included, as decimal text. */
  amount: string
  signal?: AbortSignal | undefined
}

/** A provider's own quote. */
export type OnrampProviderQuoteParts = {
  paymentTotal: OnrampAmount
  paymentSubtotal: OnrampAmount
  purchaseAmount: OnrampAmount
  providerFee: OnrampAmount
  networkFee: OnrampAmount
  quoteId: string
}

export type CreateOnrampCheckoutUrlParameters = {
  wallets: readonly OnrampDestinationWallet[]
  /** The provider's network name to preselect. */
  defaultNetwork?: string | undefined
  /** The provider's asset id (or symbol) to preselect. */
  purchaseCurrency?: string | undefined
  partnerUserId?: string | undefined
  defaultExperience?: 'buy' | 'send' | undefined
  presetFiatAmount?: number | undefined
  presetCryptoAmount?: number | undefined
  /** ISO 4217, upper case. */
  fiatCurrency: string
  /** The end user's IP, which some providers bind their session to. */
  clientIp?: string | undefined
  signal?: AbortSignal | undefined
}

/**
 * One on-ramp provider behind the API (`createCoinbaseOnrampProvider`,
 * `createMoonpayOnrampProvider`): its options, its quotes and its checkout URL, each through
 * the provider's own HTTP API. Every call throws `OnrampProviderError` when the provider fails.
 */
export type OnrampProvider = {
  readonly info: OnrampProviderInfo
  /** The fee in percent used for estimates when the provider cannot quote. */
  readonly feePercent: number
  getOptions(parameters: { signal?: AbortSignal | undefined }): Promise<OnrampOptions>
  getQuote(parameters: GetOnrampQuoteParameters): Promise<OnrampProviderQuoteParts>
  createCheckoutUrl(parameters: CreateOnrampCheckoutUrlParameters): Promise<string>
}
