import type { DevnetChain } from '@latch/api-contract'

/** What one sandbox asset is: a coin or token on one devnet chain, with its seed price. */
export type SandboxAsset = {
  symbol: string
  name: string
  chainId: number
  /** The provider-style network name: the chain's name in lower case, words joined by `-`. */
  network: string
  networkDisplayName: string
  /** The zero address for the native coin. */
  contract: string
  decimals: number
  priceUsd: number
}

/** Fiat the sandbox takes; EUR at a fixed rate (a test rate, not a market one). */
export const sandboxFiat = { USD: 1, EUR: 1.08 } as const
export type SandboxFiat = keyof typeof sandboxFiat

/** Payment methods and limits per fiat currency (spec sections 8-9). */
export const sandboxLimits = [
  { id: 'card', min: 10, max: 7500 },
  { id: 'ach_bank_account', min: 10, max: 25_000 },
] as const

const zeroAddress = '0x0000000000000000000000000000000000000000'

/** The provider-style name of a devnet chain (`Latch Devnet Alpha` -> `latch-devnet-alpha`). */
export function toSandboxNetworkName(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** What the sandbox sells: ETH (priced like WETH) and the stablecoin LUSD, on every chain. */
export function listSandboxAssets(chains: readonly DevnetChain[]): SandboxAsset[] {
  return chains.flatMap((chain) => {
    const network = toSandboxNetworkName(chain.name)
    const weth = chain.tokens.find((token) => token.symbol === 'WETH')
    const usd = chain.tokens.find(
      (token) => token.address.toLowerCase() === chain.contracts.usd.toLowerCase(),
    )
    const base = { chainId: chain.id, network, networkDisplayName: chain.name }
    return [
      {
        ...base,
        symbol: chain.nativeCurrency.symbol,
        name: chain.nativeCurrency.name,
        contract: zeroAddress,
        decimals: chain.nativeCurrency.decimals,
        priceUsd: weth?.seedPriceUsd ?? 3000,
      },
      ...(usd
        ? [
            {
              ...base,
              symbol: usd.symbol,
              name: usd.name,
              contract: usd.address,
              decimals: usd.decimals,
              priceUsd: usd.seedPriceUsd,
            },
          ]
        : []),
    ]
  })
}

/** One purchase's figures, fiat to two decimals and crypto cut to its decimals (at most 8). */
export type SandboxQuote = {
  total: string
  subtotal: string
  fee: string
  networkFee: string
  /** Whole units of the asset, as decimal text. */
  cryptoAmount: string
  /** One unit's price in the fiat. */
  price: number
}

/** The sandbox's quote: the brand's fee off the top, no network fee, the seed price. */
export function quoteSandboxPurchase({
  asset,
  fiat,
  amount,
  feePercent,
}: {
  asset: SandboxAsset
  fiat: SandboxFiat
  amount: number
  feePercent: number
}): SandboxQuote {
  const cents = Math.round(amount * 100)
  const feeCents = Math.round((cents * feePercent) / 100)
  const price = asset.priceUsd / sandboxFiat[fiat]
  const places = Math.min(asset.decimals, 8)
  const scale = 10 ** places
  const crypto = Math.floor(((cents - feeCents) / 100 / price) * scale) / scale
  return {
    total: (cents / 100).toFixed(2),
    subtotal: ((cents - feeCents) / 100).toFixed(2),
    fee: (feeCents / 100).toFixed(2),
    networkFee: '0.00',
    cryptoAmount: crypto.toFixed(places).replace(/\.?0+$/, '') || '0',
    price,
  }
}
