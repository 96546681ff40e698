import { isNativeCoinAddress } from '@latch/api-contract'
import {
  type Address,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  isAddress,
  numberToHex,
} from 'viem'
import {
  estimateFeesPerGas,
  estimateGas,
  getGasPrice,
  waitForTransactionReceipt,
} from 'viem/actions'
import type { LatchConfig } from '../createLatchConfig.ts'
import { toConnectorError } from '../errors/connector.ts'
import {
  InvalidTokenAddressError,
  InvalidTransferReceiverError,
  TransferEstimateError,
  TransferRevertedError,
} from '../errors/transfer.ts'
import { receiptConfirmations, receiptRetryCount, receiptRetryDelay } from '../timings.ts'
import type { Hex } from '../types.ts'
import { createTransferClient } from './createTransferClient.ts'
import { getTransferContext } from './getTransferContext.ts'
import {
  type CheckedTransfer,
  type TransferEstimate,
  type TransferEstimateRequest,
  type TransferReceipt,
  type TransferToken,
  transferReceiptTimeoutMs,
} from './transferTypes.ts'

/*
 * How eip155 (EVM) chains send and estimate transfers, with viem. `sendTransfer` and
 * `estimateTransfer` load this module when first used, so its viem client code stays out of
 * the page's first chunk.
 */

/**
 * The token's contract address (EIP-55) from `0x...` or CAIP-10, or undefined for the native
 * coin (no address, `0xeeee...eeee` or the zero address).
 */
export function toTokenContract(token: TransferToken): Address | undefined {
  const address = token.address?.slice(token.address.lastIndexOf(':') + 1)
  if (!address || isNativeCoinAddress(address)) return undefined
  if (!isAddress(address, { strict: false })) throw new InvalidTokenAddressError(address)
  return getAddress(address)
}

/**
 * The EVM call that moves `amount` to `to`: a plain value transfer for the native coin, an
 * ERC-20 `transfer(to, amount)` call to the token's contract otherwise.
 */
export function toEip155TransferCall(parameters: {
  to: Address
  token: TransferToken
  amount: bigint
}): { to: Address; value: bigint; data?: Hex | undefined } {
  const contract = toTokenContract(parameters.token)
  if (!contract) return { to: parameters.to, value: parameters.amount }
  return {
    to: contract,
    value: 0n,
    data: encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [parameters.to, parameters.amount],
    }),
  }
}

/** The receiver as an EIP-55 address. */
function toReceiver(to: string): Address {
  const trimmed = to.trim()
  if (!isAddress(trimmed, { strict: false })) throw new InvalidTransferReceiverError(to)
  return getAddress(trimmed)
}

/**
 * Has the connected wallet sign and broadcast the transfer (`eth_sendTransaction` through the
 * connector's EIP-1193 provider), then waits for the receipt.
 */
export async function sendEip155Transfer(
  config: LatchConfig,
  parameters: CheckedTransfer,
): Promise<TransferReceipt> {
  const { connector, from, network } = getTransferContext(config, parameters.chainId)
  const call = toEip155TransferCall({
    to: toReceiver(parameters.to),
    token: parameters.token,
    amount: parameters.amount,
  })
  let hash: unknown
  try {
    const provider = await connector.getProvider()
    hash = await provider.request({
      method: 'eth_sendTransaction',
      params: [
        {
          from,
          to: call.to,
          value: numberToHex(call.value),
          ...(call.data ? { data: call.data } : {}),
          chainId: numberToHex(network.id),
        },
      ],
    })
  } catch (error) {
    throw toConnectorError(error)
  }
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash))
    throw toConnectorError(new Error('The wallet answered without a transaction hash.'))
  parameters.onSubmitted?.(hash as Hex)
  const receipt = await waitForTransactionReceipt(createTransferClient(network), {
    hash: hash as Hex,
    timeout: transferReceiptTimeoutMs,
    retryCount: receiptRetryCount,
    retryDelay: receiptRetryDelay,
    confirmations: receiptConfirmations,
  })
  if (receipt.status !== 'success') throw new TransferRevertedError(hash)
  return { hash: hash as Hex, blockNumber: receipt.blockNumber }
}

/** `eth_estimateGas` for the very call `sendEip155Transfer` makes, and the fee per gas now. */
export async function estimateEip155Transfer(
  config: LatchConfig,
  parameters: TransferEstimateRequest,
): Promise<TransferEstimate> {
  const { from, network } = getTransferContext(config, parameters.chainId)
  const to = parameters.to && isAddress(parameters.to, { strict: false }) ? parameters.to : from
  const call = toEip155TransferCall({
    to: getAddress(to),
    token: parameters.token,
    amount: parameters.amount ?? 0n,
  })
  const client = createTransferClient(network)
  try {
    const [gas, feePerGas] = await Promise.all([
      estimateGas(client, { account: from as Address, ...call }),
      // Chains without EIP-1559 fees answer with a gas price.
      estimateFeesPerGas(client).then(
        (fees) => fees.maxFeePerGas,
        () => getGasPrice(client),
      ),
    ])
    return { gas, feePerGas, fee: gas * feePerGas }
  } catch (cause) {
    throw new TransferEstimateError({ cause })
  }
}
