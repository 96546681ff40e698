import type { TokenBalance } from '@latch/api-contract'
import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { BalanceUnavailableError } from '../errors/balance.ts'
import { ChainNotConfiguredError } from '../errors/connector.ts'
import type { FetchLike } from '../types.ts'

export type GetBalanceParameters = {
  address: string
  chainId: number
  currency?: 'usd' | 'eur' | undefined
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

const zeroAddress = '0x0000000000000000000000000000000000000000'

/** The native coin has no token address, or the zero address (possibly as CAIP-10). */
function isNative(balance: TokenBalance): boolean {
  const address = balance.address
  if (!address) return true
  return address.toLowerCase().endsWith(zeroAddress)
}

/** Checks the `BalanceResponse` by hand: zod stays out of the browser's first bundle. */
function readBalances(body: unknown): TokenBalance[] {
  const balances = (body as { balances?: unknown } | null)?.balances
  if (!Array.isArray(balances)) throw new BalanceUnavailableError({ details: 'No balances.' })
  return balances.filter(
    (entry): entry is TokenBalance =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof entry.symbol === 'string' &&
      typeof entry.quantity?.numeric === 'string' &&
      typeof entry.quantity?.decimals === 'string',
  )
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
  const query = Object.entries({
    projectId: config.projectId,
    chainId: toCaipNetworkId({ reference: parameters.chainId }),
    currency: parameters.currency ?? 'usd',
  })
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&')
  const url = `${config.apiUrl}/v1/account/${encodeURIComponent(parameters.address)}/balance?${query}`
  const fetchFn = config.fetch ?? (globalThis as { fetch?: FetchLike }).fetch
  if (!fetchFn) throw new BalanceUnavailableError({ details: 'No fetch available.' })

  let body: unknown
  try {
    const response = await fetchFn(url, {
      headers: { accept: 'application/json' },
      signal: parameters.signal,
    })
    body = await response.json().catch(() => undefined)
    if (!response.ok) {
      const message = (body as { error?: { message?: unknown } } | undefined)?.error?.message
      throw new BalanceUnavailableError({
        status: response.status,
        details: typeof message === 'string' ? message : `HTTP ${response.status}`,
      })
    }
  } catch (error) {
    if (error instanceof BalanceUnavailableError) throw error
    throw new BalanceUnavailableError({ cause: error })
  }

  const balances = readBalances(body)
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
