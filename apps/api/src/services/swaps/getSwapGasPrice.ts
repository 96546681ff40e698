import type { ConvertGasPriceResponse } from '@latch/api-contract'
import { GasPriceNetworkNotSupportedError } from '../../errors/swap.ts'
import { wrapRpcError } from '../wrapRpcError.ts'
import type { SwapDeps } from './swapDeps.ts'

/**
 * The chain's gas price at three speeds (`standard` is eth_gasPrice, `fast` +20%, `instant`
 * +50%) and, on EIP-1559 chains, the base fee and priority fee. Swap networks only: another is
 * the spec's 'Network not supported for Gas Price'.
 */
export async function getSwapGasPrice(
  deps: Pick<SwapDeps, 'networks' | 'clients'>,
  { chainId }: { chainId: number },
): Promise<ConvertGasPriceResponse> {
  const client = deps.clients.get(chainId)
  if (!deps.networks.has(chainId) || !client)
    throw new GasPriceNetworkNotSupportedError({ chainId })
  const [gasPrice, block, priorityFee] = await Promise.all([
    client.getGasPrice(),
    client.getBlock({ blockTag: 'latest' }),
    client.estimateMaxPriorityFeePerGas().catch(() => undefined),
  ]).catch((error: unknown) => {
    throw wrapRpcError(chainId, error)
  })
  const baseFee = block.baseFeePerGas
  return {
    standard: gasPrice.toString(),
    fast: ((gasPrice * 120n) / 100n).toString(),
    instant: ((gasPrice * 150n) / 100n).toString(),
    ...(baseFee !== null && baseFee !== undefined && priorityFee !== undefined
      ? {
          eip1559: {
            baseFeePerGas: baseFee.toString(),
            maxPriorityFeePerGas: priorityFee.toString(),
            maxFeePerGas: (baseFee * 2n + priorityFee).toString(),
          },
        }
      : {}),
  }
}
