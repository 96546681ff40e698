import type { Address, MulticallParameters, PublicClient } from 'viem'
import { throwIfRpcFailed, wrapRpcError } from './wrapRpcError.ts'

/** The chain a multicall goes to: its client and, when it names one, its Multicall3. */
export type MulticallChain = { client: PublicClient; multicall3?: Address | undefined }

/**
 * The calls as one `eth_call` through the chain's Multicall3, at `blockNumber` (the latest
 * block without it). Each call may fail on its own (a revert is its result's failure); a failed
 * RPC, thrown or reported as every call failing, is `RpcUnavailableError` for `chainId`.
 */
export async function multicallAt<const contracts extends readonly unknown[]>(
  chainId: number,
  chain: MulticallChain,
  contracts: MulticallParameters<contracts, true>['contracts'],
  blockNumber?: bigint | undefined,
) {
  const results = await chain.client
    .multicall({
      contracts,
      allowFailure: true,
      batchSize: 0,
      multicallAddress: chain.multicall3,
      ...(blockNumber === undefined ? {} : { blockNumber }),
    })
    .catch((error: unknown) => {
      throw wrapRpcError(chainId, error)
    })
  throwIfRpcFailed(chainId, results)
  return results
}
