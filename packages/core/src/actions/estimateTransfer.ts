import type { LatchConfig } from '../createLatchConfig.ts'
import type { ChainNotConfiguredError, ConnectorNotConnectedError } from '../errors/connector.ts'
import { TransferChainUnsupportedError, type TransferEstimateError } from '../errors/transfer.ts'
import { getTransferNamespace } from './getTransferNamespace.ts'
import type { TransferEstimate, TransferEstimateRequest } from './transferTypes.ts'

export type EstimateTransferParameters = TransferEstimateRequest & {
  /** Default the connected wallet's namespace. */
  namespace?: string | undefined
}

export type EstimateTransferReturnType = TransferEstimate

export type EstimateTransferErrorType =
  | ConnectorNotConnectedError
  | ChainNotConfiguredError
  | TransferChainUnsupportedError
  | TransferEstimateError

type Estimator = (
  config: LatchConfig,
  parameters: TransferEstimateRequest,
) => Promise<TransferEstimate>

/** Per chain namespace, loaded when first used (as `sendTransfer`'s senders). */
const estimators: Readonly<Partial<Record<string, () => Promise<Estimator>>>> = {
  eip155: () => import('./eip155Transfer.ts').then((module) => module.estimateEip155Transfer),
  solana: () => import('./solanaTransfer.ts').then((module) => module.estimateSolanaTransfer),
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
