/** The native currency of every devnet chain. */
export const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/**
 * The ERC-20s deployed on every chain, in deployment order (which fixes their addresses). Seed
 * prices are what the Uniswap V2 pools are seeded with; `faucetAmount` is what one faucet call
 * and the initial funding of anvil's accounts hand out, in whole tokens.
 */
export const devnetTokens = [
  { name: 'Latch USD', symbol: 'LUSD', decimals: 6, seedPriceUsd: 1, faucetAmount: '10000' },
  { name: 'Wrapped Ether', symbol: 'WETH', decimals: 18, seedPriceUsd: 3000, faucetAmount: '10' },
  { name: 'Alpha Token', symbol: 'ALPHA', decimals: 18, seedPriceUsd: 2, faucetAmount: '1000' },
  { name: 'Beta Token', symbol: 'BETA', decimals: 18, seedPriceUsd: 30, faucetAmount: '100' },
  { name: 'Latch Points', symbol: 'PTS', decimals: 0, seedPriceUsd: 0.5, faucetAmount: '5000' },
] as const

export type DevnetTokenSymbol = (typeof devnetTokens)[number]['symbol']

/** How much native currency one faucet call gives, in ether. */
export const nativeFaucetAmount = '100'

/** The ERC-721 collection; the faucet mints one token per call that names it. */
export const devnetCollection = { name: 'Latch Lanterns', symbol: 'LANTERN' } as const

/**
 * Pool reserves, in whole tokens ('ETH' is wrapped by the router), deep enough that a swap of a
 * few faucet amounts barely moves the price. Their ratios are the seed prices: ETH = 3000 LUSD, ALPHA = 2 LUSD, BETA = 0.01 ETH (30 USD), PTS = 0.5 LUSD.
 */
export const devnetPools = [
  { a: 'ETH', amountA: '1000', b: 'LUSD', amountB: '3000000' },
  { a: 'ALPHA', amountA: '1000000', b: 'LUSD', amountB: '2000000' },
  { a: 'BETA', amountA: '10000', b: 'ETH', amountB: '100' },
  { a: 'PTS', amountA: '10000000', b: 'LUSD', amountB: '5000000' },
] as const
