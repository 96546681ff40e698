import { balanceResponseSchema, isNativeCoinAddress, type TokenBalance } from '@latch/api-contract'
import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { BalanceUnavailableError } from '../errors/balance.ts'
import { ChainNotConfiguredError } from '../errors/connector.ts'
import type { FiatCurrency } from '../options/createLatchOptions.ts'
import { requestApi } from '../utils/requestApi.ts'

export type GetBalanceParameters = {
  address: string
  chainId: number
  currency?: FiatCurrency | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

export type GetBalanceReturnType = {
  symbol: string
  /** Decimal amount in whole coins, as the API gives it (e.g. "10000.5"). */
  numeric: string
  decimals: number
  /** Fiat value, when the API knows the price. */
  value: number | undefined
  /** Every token balance the API returned, native coin included. */
  balances: readonly TokenBalance[]
}

export type GetBalanceErrorType = BalanceUnavailableError | ChainNotConfiguredError

/** The native coin has no token address, `0xeeee...eeee` or the zero address (possibly CAIP-10). */
function isNative(balance: TokenBalance): boolean {
  return isNativeCoinAddress(balance.address)
}

/**
 * Fetches an account's balances from the Latch API (`GET /v1/account/{address}/balance`) and
 * picks the network's native coin; a missing native entry reads as zero.
 */
export async function getBalance(
  config: LatchConfig,
  parameters: GetBalanceParameters,
): Promise<GetBalanceReturnType> {
  const network = config.networks.find((n) => n.id === parameters.chainId)
  if (!network) throw new ChainNotConfiguredError(parameters.chainId)
  const { balances } = await requestApi(config, {
    path: `/v1/account/${encodeURIComponent(parameters.address)}/balance`,
    query: {
      chainId: toCaipNetworkId({ reference: parameters.chainId }),
      currency: parameters.currency ?? config.options.currency,
    },
    signal: parameters.signal,
    schema: balanceResponseSchema,
    toError: (failure) => new BalanceUnavailableError(failure),
  })
  const native =
    balances.find(
      (balance) => isNative(balance) && balance.symbol === network.nativeCurrency.symbol,
    ) ?? balances.find(isNative)
  return {
    symbol: native?.symbol ?? network.nativeCurrency.symbol,
    numeric: native?.quantity.numeric ?? '0',
    decimals: native ? Number(native.quantity.decimals) : network.nativeCurrency.decimals,
    value: native?.value,
    balances,
  }
}
