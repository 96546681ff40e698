import { estimateTransfer, type LatchConfig, resolveAccountName } from '@latch/core'
import { queryOptions, skipToken } from '@tanstack/react-query'

export type EstimateTransferQueryParameters = {
  address: string | undefined
  chainId: number | undefined
  /** The token's address (CAIP-10 or 0x); undefined for the native coin. */
  tokenAddress: string | undefined
  /** Whether a token is chosen at all: nothing is estimated before. */
  enabled: boolean
  to: string | undefined
  amount: bigint
}

/**
 * A transfer's gas and fee (`estimateTransfer`) as a TanStack Query, refreshed every 15 s
 * while shown since fees move with each block.
 */
export function estimateTransferQueryOptions(
  config: LatchConfig,
  parameters: EstimateTransferQueryParameters,
) {
  const { address, chainId, tokenAddress, enabled, to, amount } = parameters
  return queryOptions({
    queryKey: [
      'latch',
      'estimateTransfer',
      chainId,
      address,
      tokenAddress ?? 'native',
      to,
      amount.toString(),
    ] as const,
    queryFn:
      enabled && address && chainId
        ? () => estimateTransfer(config, { chainId, to, token: { address: tokenAddress }, amount })
        : skipToken,
    staleTime: 10_000,
    refetchInterval: 15_000,
    retry: 1,
  })
}

/**
 * A name's address (`resolveAccountName`), cached 5 minutes like ENS names (spec section 9);
 * not retried, so an unknown name says so at once.
 */
export function resolveAccountNameQueryOptions(
  config: LatchConfig,
  parameters: { name: string | undefined; chainId: number | undefined },
) {
  const { name, chainId } = parameters
  return queryOptions({
    queryKey: ['latch', 'resolveAccountName', config.apiUrl, name, chainId] as const,
    queryFn: name
      ? ({ signal }) => resolveAccountName(config, { name, chainId, signal })
      : skipToken,
    staleTime: 5 * 60_000,
    retry: false,
  })
}
