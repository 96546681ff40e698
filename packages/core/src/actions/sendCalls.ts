import { numberToHex } from 'viem'
import type { LatchConfig } from '../createLatchConfig.ts'
import type { ChainNotConfiguredError, ConnectorNotConnectedError } from '../errors/connector.ts'
import { fromProviderError } from '../errors/fromProviderError.ts'
import { ProviderRequestError, type UserRejectedRequestError } from '../errors/provider.ts'
import type { Hex } from '../types.ts'
import { getTransferContext } from './getTransferContext.ts'

/** One call of a batch: the contract (`0x...` or CAIP-10), its data and the native coin sent. */
export type SendCallsCall = {
  to: string
  data?: Hex | undefined
  /** In wei. */
  value?: bigint | undefined
}

export type SendCallsParameters = {
  /** 1 to 16 calls, run in this order. */
  calls: readonly SendCallsCall[]
  /** Default the wallet's current chain. */
  chainId?: number | undefined
  /** The wallet must run them all or none (EIP-5792 `atomicRequired`); default false. */
  atomicRequired?: boolean | undefined
  /** EIP-5792 capabilities asked of the wallet (`paymasterService`...). */
  capabilities?: Record<string, unknown> | undefined
}

export type SendCallsReturnType = {
  /** The batch id for `getCallsStatus` / `showCallsStatus`. */
  id: string
  chainId: number
  /** What the wallet said about the capabilities it used, if anything. */
  capabilities?: Record<string, unknown> | undefined
}

export type SendCallsErrorType =
  | ConnectorNotConnectedError
  | ChainNotConfiguredError
  | UserRejectedRequestError
  | ProviderRequestError

/** EIP-5792 caps one batch; no wallet should be asked to confirm a wall of calls. */
export const maxCallsPerBatch = 16

/**
 * Asks the connected wallet to send a batch of calls in one confirmation (EIP-5792
 * `wallet_sendCalls`, version 2.0.0), from the connected account. Answers the batch id (a v1
 * wallet's bare string id is taken too). Declining is `UserRejectedRequestError`; a wallet that
 * cannot (no method, atomicity refused with 5760) is the wallet's error from `fromProviderError`.
 */
export async function sendCalls(
  config: LatchConfig,
  parameters: SendCallsParameters,
): Promise<SendCallsReturnType> {
  const { calls } = parameters
  if (calls.length === 0 || calls.length > maxCallsPerBatch)
    throw new ProviderRequestError(
      `A batch holds 1 to ${maxCallsPerBatch} calls; got ${calls.length}.`,
      {},
    )
  const { connector, from, network } = getTransferContext(config, parameters.chainId)
  let answer: unknown
  try {
    const provider = await connector.getProvider()
    answer = await provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          from,
          chainId: numberToHex(network.id),
          atomicRequired: parameters.atomicRequired ?? false,
          calls: calls.map((call) => ({
            to: call.to.slice(call.to.lastIndexOf(':') + 1),
            ...(call.data ? { data: call.data } : {}),
            ...(call.value ? { value: numberToHex(call.value) } : {}),
          })),
          ...(parameters.capabilities ? { capabilities: parameters.capabilities } : {}),
        },
      ],
    })
  } catch (error) {
    throw fromProviderError(error)
  }
  const id =
    typeof answer === 'string'
      ? answer
      : typeof answer === 'object' && answer !== null && 'id' in answer
        ? (answer as { id: unknown }).id
        : undefined
  if (typeof id !== 'string' || id.length === 0 || id.length > 256)
    throw new ProviderRequestError('The wallet answered wallet_sendCalls without a batch id.', {})
  const capabilities = (answer as { capabilities?: unknown }).capabilities
  return {
    id,
    chainId: network.id,
    ...(typeof capabilities === 'object' && capabilities !== null
      ? { capabilities: capabilities as Record<string, unknown> }
      : {}),
  }
}
