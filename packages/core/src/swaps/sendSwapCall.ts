import { numberToHex } from 'viem'
import { waitForTransactionReceipt } from 'viem/actions'
import { createTransferClient } from '../actions/createTransferClient.ts'
import { getTransferContext } from '../actions/getTransferContext.ts'
import { transferReceiptTimeoutMs } from '../actions/transferTypes.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { toConnectorError } from '../errors/connector.ts'
import { SwapRevertedError } from '../errors/swap.ts'
import { receiptConfirmations, receiptRetryCount, receiptRetryDelay } from '../timings.ts'
import type { Hex } from '../types.ts'

export type SendSwapCallParameters = {
  chainId: number
  /** The contract called (a token for an approval, the router for a swap), `0x...` or CAIP-10. */
  to: string
  data: Hex
  /** Native coin sent along, in wei. */
  value: bigint
  /** The gas the API estimated by simulation, if it did. */
  gas?: bigint | undefined
  /** What the pending entry (Activity, the toast) shows. */
  summary: { amount: string; symbol: string; to: string }
  onSubmitted?: ((hash: Hex) => void) | undefined
}

export type SendSwapCallReturnType = { hash: Hex; blockNumber: bigint }

/**
 * Has the connected wallet (whatever connector: announced, WalletConnect, embedded) sign and
 * broadcast an approval or a swap the API built (`eth_sendTransaction`, as `sendTransfer` does),
 * tracks it as pending until settled, and waits for the receipt (spec section 9's timings).
 * Declining is `UserRejectedRequestError`; a mined revert `SwapRevertedError`.
 */
export async function sendSwapCall(
  config: LatchConfig,
  parameters: SendSwapCallParameters,
): Promise<SendSwapCallReturnType> {
  const { connector, from, network } = getTransferContext(config, parameters.chainId)
  const to = parameters.to.slice(parameters.to.lastIndexOf(':') + 1)
  let hash: unknown
  try {
    const provider = await connector.getProvider()
    hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from,
          to,
          value: numberToHex(parameters.value),
          data: parameters.data,
          ...(parameters.gas ? { gas: numberToHex(parameters.gas) } : {}),
          chainId: numberToHex(network.id),
        },
      ],
    })
  } catch (error) {
    throw toConnectorError(error)
  }
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw toConnectorError(new Error('The wallet answered without a transaction hash.'))
  const submitted = hash as Hex
  config.transactions.add({
    hash: submitted,
    chainId: network.id,
    from,
    to: parameters.summary.to,
    amount: parameters.summary.amount,
    symbol: parameters.summary.symbol,
    submittedAt: Date.now(),
  })
  parameters.onSubmitted?.(submitted)
  try {
    const receipt = await waitForTransactionReceipt(createTransferClient(network), {
      hash: submitted,
      timeout: transferReceiptTimeoutMs,
      retryCount: receiptRetryCount,
      retryDelay: receiptRetryDelay,
      confirmations: receiptConfirmations,
    })
    if (receipt.status !== 'success') {
      config.transactions.settle(submitted, 'failed')
      throw new SwapRevertedError(submitted)
    }
    config.transactions.settle(submitted, 'confirmed')
    return { hash: submitted, blockNumber: receipt.blockNumber }
  } catch (error) {
    config.logs?.error('Swap failed.', { submitted, error })
    throw error
  }
}
