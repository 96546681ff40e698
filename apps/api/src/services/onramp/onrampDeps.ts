import type { Logger } from '../../logger.ts'
import type { ApiNetwork } from '../../network.ts'
import type { PriceSource } from '../prices/priceSource.ts'
import type { OnrampOptionsCache } from './createOnrampOptionsCache.ts'
import type { OnrampProvider } from './onrampProvider.ts'

/** What the on-ramp services need, built once (`createOnrampDeps`) and passed in. */
export type OnrampDeps = {
  /** The configured providers, in display order (at least one). */
  providers: readonly OnrampProvider[]
  optionsCache: OnrampOptionsCache
  /** Prices for estimated quotes when a provider fails. */
  prices: PriceSource
  /** The served networks: the fallback list's purchase currencies and the estimates' tokens. */
  networks: readonly ApiNetwork[]
  logger: Logger
}
