import {
  type CaipNetworkId,
  type FiatCurrency,
  getPortfolio,
  type LatchConfig,
  portfolioCacheMs,
} from '@latch/core'
import { queryOptions, skipToken } from '@tanstack/react-query'
import { accountGcTime } from './accountQueryTimings.ts'

export type TokenBalancesQueryParameters = {
  address: string | undefined
  chainId: number | undefined
  /** A Solana or Bitcoin network (CAIP-2): read instead of `chainId`. */
  caipNetworkId?: CaipNetworkId | undefined
  /** Default the person's setting (`options.currency`). */
  currency?: FiatCurrency | undefined
  /** Called on each failed fetch (a cancelled one is no failure), before the query errors. */
  onFailure?: ((error: unknown) => void) | undefined
}

export function tokenBalancesQueryKey(
  config: LatchConfig,
  parameters: Omit<TokenBalancesQueryParameters, 'onFailure'>,
) {
  const { address, chainId, caipNetworkId, currency = config.options.currency } = parameters
  const network = caipNetworkId ?? chainId
  return ['latch', 'tokenBalances', config.apiUrl, address, network, currency] as const
}

/**
 * The account's token balances on its chain (`getPortfolio`: the wallet's own list when it
 * offers one, EIP-7811, else the API's; Solana and Bitcoin by `caipNetworkId`) as a TanStack
 * Query; idle
 * until both address and chain are known. Failures are not retried here: the balance's
 * 30 s rule (`useAccountBalance`) decides when to ask again.
 */
export function tokenBalancesQueryOptions(
  config: LatchConfig,
  parameters: TokenBalancesQueryParameters,
) {
  const {
    address,
    chainId,
    caipNetworkId,
    currency = config.options.currency,
    onFailure,
  } = parameters
  const network = caipNetworkId ? { caipNetworkId } : chainId ? { chainId } : undefined
  return queryOptions({
    queryKey: tokenBalancesQueryKey(config, parameters),
    queryFn:
      address && network
        ? async ({ signal }) => {
            try {
              return await getPortfolio(config, { address, ...network, currency, signal })
            } catch (error) {
              if (!signal.aborted) onFailure?.(error)
              throw error
            }
          }
        : skipToken,
    retry: false,
    // Spec section 9: portfolio cached 30 s.
    staleTime: portfolioCacheMs,
    gcTime: accountGcTime,
  })
}
