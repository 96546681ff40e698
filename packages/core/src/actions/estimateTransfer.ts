import type { LatchConfig } from '../createLatchConfig.ts'
import type { ChainNotConfiguredError, ConnectorNotConnectedError } from '../errors/connector.ts'
import { TransferChainUnsupportedError, type TransferEstimateError } from '../errors/transfer.ts'
import { getTransferNamespace, type TransferToken } from './sendTransfer.ts'

export type EstimateTransferParameters = {
  /** Default the connected wallet's namespace. */
  namespace?: string | undefined
  /** Default the connected chain. */
  chainId?: number | undefined
  /** The receiver; default the sender itself (the fee of a transfer is much the same). */
  to?: string | undefined
  token: TransferToken
  /** In the token's smallest unit; default 0 (what the fee of a not yet known amount is). */
  amount?: bigint | undefined
}

export type EstimateTransferReturnType = {
  /** Gas units the transfer uses. */
  gas: bigint
  /** The most the chain may charge per gas unit now (EIP-1559 max fee, else the gas price). */
  feePerGas: bigint
  /** `gas × feePerGas`, in the native coin's smallest unit. */
  fee: bigint
}

export type EstimateTransferErrorType =
  | ConnectorNotConnectedError
  | ChainNotConfiguredError
  | TransferChainUnsupportedError
  | TransferEstimateError

/** Spec section 9: fee multiplier 1.2, the margin kept for the fee when sending the maximum. */
export const transferFeeMultiplier = 1.2

type Estimator = (
  config: LatchConfig,
  parameters: EstimateTransferParameters,
) => Promise<EstimateTransferReturnType>

/** Per chain namespace, loaded when first used (as `sendTransfer`'s senders). */
const estimators: Readonly<Partial<Record<string, () => Promise<Estimator>>>> = {
  eip155: () => import('./eip155Transfer.ts').then((module) => module.estimateEip155Transfer),
}

/**
 * Estimates a transfer's gas and network fee on the chain's RPC before the wallet is asked
 * (for eip155: `eth_estimateGas` for the very call `sendTransfer` makes, and the current fee
 * per gas). A failure is a `TransferEstimateError`.
 */
export async function estimateTransfer(
  config: LatchConfig,
  parameters: EstimateTransferParameters,
): Promise<EstimateTransferReturnType> {
  const namespace = getTransferNamespace(config, parameters.namespace)
  const loadEstimator = estimators[namespace]
  if (!loadEstimator) throw new TransferChainUnsupportedError(namespace)
  const estimate = await loadEstimator()
  return estimate(config, parameters)
}

/**
 * The most that can be sent: a token's whole balance; for the native coin, which also pays
 * the fee, the balance less the estimated fee × 1.2 (never below zero).
 */
export function getMaxTransferAmount(parameters: {
  balance: bigint
  /** The transfer's estimated fee, when the native coin is sent; leave out for a token. */
  fee?: bigint | undefined
}): bigint {
  const { balance, fee } = parameters
  if (fee === undefined) return balance
  const tenths = BigInt(Math.round(transferFeeMultiplier * 10))
  // Rounded up, so the margin is never short by a unit.
  const reserve = (fee * tenths + 9n) / 10n
  return balance > reserve ? balance - reserve : 0n
}
