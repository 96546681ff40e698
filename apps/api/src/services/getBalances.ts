import { nativeCoinAddress, type TokenBalance } from '@latch/api-contract'
import { portfolioCacheMs } from '@latch/core/timings'
import { type Address, formatUnits, type PublicClient, parseAbi } from 'viem'
import { MulticallUnavailableError } from '../errors/balance.ts'
import { BaseError } from '../errors/base.ts'
import { CurrencyNotAvailableError } from '../errors/price.ts'
import type { RpcUnavailableError } from '../errors/upstream.ts'
import type { Logger } from '../logger.ts'
import { type ApiNetwork, multicall3Address, toCaip2 } from '../network.ts'
import type { CacheStore } from '../stores/cacheStore.ts'
import { readThrough } from '../stores/readThrough.ts'
import { type Currency, nativeTokenAddress, type PriceSource } from './prices/priceSource.ts'
import { throwIfRpcFailed, wrapRpcError } from './wrapRpcError.ts'

/**
 * How long an account's balances are reused: the spec's portfolio and native balance expiry
 * (section 9), both 30 s. Both come from one multicall, so they share one entry.
 */
export const balancesCacheTtlMs = portfolioCacheMs

export type GetBalancesDependencies = {
  client: PublicClient
  prices: PriceSource
  cache: CacheStore
  /** Told when prices are unavailable and balances are answered without them. */
  logger: Pick<Logger, 'warn'>
}

export type GetBalancesParameters = {
  address: Address
  network: ApiNetwork
  currency: Currency
  /** Read the chain (and prices) now instead of the cache, and refresh the cache. */
  forceUpdate?: boolean | undefined
  /** The absolute URL of a token's image (the native coin's address is the zero address). */
  iconUrl: (tokenAddress: Address) => string
  /**
   * Told, once the answer is built, how many ms it stays true to its sources: the shortest life
   * left of the cached balances and of the prices used; 0 when a part's freshness is unknown
   * (a price source that does not tell, prices unavailable).
   */
  onTtl?: ((ttlMs: number) => void) | undefined
}
export type GetBalancesReturnType = TokenBalance[]
export type GetBalancesErrorType =
  | CurrencyNotAvailableError
  | RpcUnavailableError
  | MulticallUnavailableError

/** Multicall3's `getEthBalance` and ERC-20's `balanceOf` in one ABI, so one call list holds both. */
const balanceAbi = parseAbi([
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function balanceOf(address account) view returns (uint256)',
])

/** What the cache keeps per account and chain: amounts as decimal strings (JSON has no bigint). */
type CachedHoldings = { native: string; tokens: [Address, string][] }

/**
 * An account's balances on one chain: the native coin always, then every listed ERC-20 it
 * holds, zero-decimal tokens left out (spec). Amounts come from one multicall (Multicall3's
 * `getEthBalance` and each token's `balanceOf`), cached 30 s in the shared cache (concurrent misses share one multicall); each entry is
 * priced in `currency` (`value` = amount x price). A token without a price has price 0 and no
 * value; when the price source is down, balances are still answered, unpriced.
 */
export async function getBalances(
  { client, prices, cache, logger }: GetBalancesDependencies,
  { address, network, currency, forceUpdate = false, iconUrl, onTtl }: GetBalancesParameters,
): Promise<GetBalancesReturnType> {
  if (!prices.currencies.includes(currency)) throw new CurrencyNotAvailableError({ currency })
  const tokens = network.tokens.filter((token) => token.decimals > 0)

  const key = `balances:v1:${network.id}:${address.toLowerCase()}`
  const load = () => readHoldings(client, { address, network, tokens })
  let holdingsTtlMs = balancesCacheTtlMs
  let holdings: CachedHoldings
  if (forceUpdate) {
    holdings = await load()
    await cache.set(key, holdings, balancesCacheTtlMs)
  } else
    holdings = await readThrough(cache, {
      key,
      ttlMs: balancesCacheTtlMs,
      load,
      onTtl: onTtl
        ? (ttlMs) => {
            holdingsTtlMs = ttlMs
          }
        : undefined,
    })

  const held = new Map(holdings.tokens.map(([token, amount]) => [token, BigInt(amount)]))
  const assets = [
    { ...network.nativeCurrency, address: nativeTokenAddress, amount: BigInt(holdings.native) },
    ...tokens.flatMap((token) => {
      const amount = held.get(token.address)
      return amount ? [{ ...token, amount }] : []
    }),
  ]

  // Unknown until the price source tells (a source that reads live never does).
  let pricesTtlMs = 0
  const priced = await prices
    .getPrices({
      chainId: network.id,
      tokens: assets.map((asset) => ({ address: asset.address, decimals: asset.decimals })),
      currency,
      forceUpdate,
      onTtl: onTtl
        ? (ttlMs) => {
            pricesTtlMs = ttlMs
          }
        : undefined,
    })
    .catch((error: unknown) => {
      if (!(error instanceof BaseError) || error.code !== 'UPSTREAM_UNAVAILABLE') throw error
      logger.warn(`Balances answered without prices: ${error.shortMessage}`, {
        chainId: toCaip2(network.id),
      })
      // Unpriced: asked again next time.
      pricesTtlMs = 0
      return new Map<Address, number>()
    })
  onTtl?.(Math.min(holdingsTtlMs, pricesTtlMs))

  const chainId = toCaip2(network.id)
  return assets.map((asset): TokenBalance => {
    const numeric = formatUnits(asset.amount, asset.decimals)
    const price = priced.get(asset.address)
    return {
      name: asset.name,
      symbol: asset.symbol,
      chainId,
      // The native coin as the reference client expects it: never an address it could `transfer` on.
      address: `${chainId}:${asset.address === nativeTokenAddress ? nativeCoinAddress : asset.address}`,
      ...(price === undefined ? {} : { value: Number(numeric) * price }),
      price: price ?? 0,
      quantity: { decimals: String(asset.decimals), numeric },
      iconUrl: iconUrl(asset.address),
    }
  })
}

/** One multicall: the native balance, then `balanceOf` of every token; zero balances dropped. */
async function readHoldings(
  client: PublicClient,
  {
    address,
    network,
    tokens,
  }: { address: Address; network: ApiNetwork; tokens: readonly { address: Address }[] },
): Promise<CachedHoldings> {
  const multicallAddress = network.multicall3 ?? multicall3Address
  const calls = [
    {
      address: multicallAddress,
      abi: balanceAbi,
      functionName: 'getEthBalance',
      args: [address],
    } as const,
    ...tokens.map(
      (token) =>
        ({
          address: token.address,
          abi: balanceAbi,
          functionName: 'balanceOf',
          args: [address],
        }) as const,
    ),
  ]
  const results = await client
    .multicall({
      contracts: calls,
      allowFailure: true,
      multicallAddress,
      // Everything in one eth_call, however long the token list.
      batchSize: 0,
    })
    .catch((error: unknown) => {
      throw wrapRpcError(network.id, error)
    })
  throwIfRpcFailed(network.id, results)

  const [native, ...balances] = results
  if (native?.status !== 'success' || typeof native.result !== 'bigint')
    throw new MulticallUnavailableError({
      chainId: network.id,
      address: multicallAddress,
      cause: native?.error,
    })
  const held: [Address, string][] = []
  balances.forEach((result, index) => {
    const token = tokens[index]
    // A listed address that is not an ERC-20 fails its own call only: it is left out.
    if (!token || result.status !== 'success' || typeof result.result !== 'bigint') return
    if (result.result > 0n) held.push([token.address, result.result.toString()])
  })
  return { native: native.result.toString(), tokens: held }
}
