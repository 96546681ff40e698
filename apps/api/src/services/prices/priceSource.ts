import type { Address } from 'viem'

/** The fiat currencies the API speaks (`currency` of spec section 7). */
export type Currency = 'usd' | 'eur'

/** The address that stands for a chain's native coin in prices and balances. */
export const nativeTokenAddress: Address = '0x0000000000000000000000000000000000000000'

/** A token to price: its address (the zero address for the native coin) and decimals. */
export type PriceToken = { address: Address; decimals: number }

export type GetPricesParameters = {
  chainId: number
  tokens: readonly PriceToken[]
  currency: Currency
  /** Skip any cache and refresh it (`forceUpdate=true`); sources without a cache ignore it. */
  forceUpdate?: boolean | undefined
  /**
   * Told how many ms the prices answered stay fresh (the shortest life left among them) by
   * sources that keep them (the shared cache); sources that read live never tell.
   */
  onTtl?: ((ttlMs: number) => void) | undefined
}

/**
 * Price of one whole token in `currency`, keyed by the addresses as passed in. A token the
 * source cannot price is absent: absent means unknown, never zero.
 */
export type GetPricesReturnType = Map<Address, number>

/** Prices as they were at a past block (the history's `price` at the time of a transfer). */
export type GetPricesAtParameters = Omit<GetPricesParameters, 'forceUpdate' | 'onTtl'> & {
  blockNumber: bigint
}

/**
 * Where prices come from: the devnet's Uniswap V2 pools, an HTTP feed, or the prices written
 * in LATCH_NETWORKS. One is chosen at startup by configuration (`createPriceSource`).
 */
export type PriceSource = {
  /** The currencies it can quote; asking for another is a 400, never a made-up rate. */
  readonly currencies: readonly Currency[]
  getPrices(parameters: GetPricesParameters): Promise<GetPricesReturnType>
  /**
   * Prices at a past block, for sources that know them (the Uniswap V2 pools, read at that
   * block); absent on sources without history (an HTTP feed's today's price, configured
   * prices), whose past prices are unknown.
   */
  getPricesAt?(parameters: GetPricesAtParameters): Promise<GetPricesReturnType>
}
