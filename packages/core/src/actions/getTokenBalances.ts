import {
  balanceResponseSchema,
  isNativeCoinAddress,
  nativeCoinAddress,
  type TokenBalance,
} from '@latch/api-contract'
import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { BalanceUnavailableError } from '../errors/balance.ts'
import { ChainNotConfiguredError } from '../errors/connector.ts'
import type { FiatCurrency } from '../options/createLatchOptions.ts'
import { requestApi, resolveApiImageUrl } from '../utils/requestApi.ts'

export type GetTokenBalancesParameters = {
  address: string
  chainId: number
  /** Fiat currency of `price`, `value` and `total`; default the person's (`options.currency`). */
  currency?: FiatCurrency | undefined
  /** Read the chain now rather than the API's 30 s cache (after a transfer), and refresh it. */
  forceUpdate?: boolean | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

export type GetTokenBalancesReturnType = {
  /** Every balance on the chain, native coin included, highest value first. */
  tokens: TokenBalance[]
  /** The chain's native coin (zero when the API has no entry for it). */
  native: TokenBalance
  /** The sum of the values the API knows; undefined when it knows none (no price). */
  total: number | undefined
  currency: FiatCurrency
}

export type GetTokenBalancesErrorType = BalanceUnavailableError | ChainNotConfiguredError

/**
 * The native coin has no token address, `0xeeee...eeee` (the API's, as the reference client
 * spells it) or the zero address (an older API), possibly as CAIP-10.
 */
export function isNativeBalance(balance: Pick<TokenBalance, 'address'>): boolean {
  return isNativeCoinAddress(balance.address)
}

/** Highest fiat value first; balances without a value after, by symbol. */
export function compareTokenBalances(a: TokenBalance, b: TokenBalance): number {
  const byValue = (b.value ?? -1) - (a.value ?? -1)
  return byValue !== 0 ? byValue : a.symbol.localeCompare(b.symbol)
}

/**
 * Fetches an account's token balances on one chain from the Latch API
 * (`GET /v1/account/{address}/balance`): zero-decimal tokens are filtered out (spec section 5),
 * the rest sorted by value, with the native coin and the total value picked out.
 */
export async function getTokenBalances(
  config: LatchConfig,
  parameters: GetTokenBalancesParameters,
): Promise<GetTokenBalancesReturnType> {
  const network = config.networks.find((n) => n.id === parameters.chainId)
  if (!network) throw new ChainNotConfiguredError(parameters.chainId)
  const currency = parameters.currency ?? config.options.currency
  const { balances } = await requestApi(config, {
    path: `/v1/account/${encodeURIComponent(parameters.address)}/balance`,
    query: {
      chainId: toCaipNetworkId({ reference: parameters.chainId }),
      currency,
      forceUpdate: parameters.forceUpdate ? 'true' : undefined,
    },
    signal: parameters.signal,
    schema: balanceResponseSchema,
    toError: (failure) => new BalanceUnavailableError(failure),
  })

  const tokens = balances
    .filter((token) => token.quantity.decimals !== '0')
    // Icons load from the API's origin; one the page may not load is left blank.
    .map((token) => ({ ...token, iconUrl: resolveApiImageUrl(config.apiUrl, token.iconUrl) ?? '' }))
    .sort(compareTokenBalances)
  const native = tokens.find(
    (token) => isNativeBalance(token) && token.symbol === network.nativeCurrency.symbol,
  ) ??
    tokens.find(isNativeBalance) ?? {
      name: network.nativeCurrency.name,
      symbol: network.nativeCurrency.symbol,
      chainId: network.caipNetworkId,
      address: `${network.caipNetworkId}:${nativeCoinAddress}`,
      price: 0,
      quantity: { decimals: String(network.nativeCurrency.decimals), numeric: '0' },
      iconUrl: '',
    }
  const values = tokens.flatMap((token) => (token.value === undefined ? [] : [token.value]))
  const total = values.length > 0 ? values.reduce((sum, value) => sum + value, 0) : undefined
  return { tokens, native, total, currency }
}
