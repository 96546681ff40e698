import type { LatchConfig } from '../createLatchConfig.ts'
import type {
  ChainNotConfiguredError,
  ConnectorNotConnectedError,
  ProviderRequestError,
  UserRejectedRequestError,
} from '../errors/connector.ts'
import {
  type InvalidTransferReceiverError,
  TransferChainUnsupportedError,
  TransferFieldsRequiredError,
  type TransferRevertedError,
  TransferTokenRequiredError,
} from '../errors/transfer.ts'
import type { Hex } from '../types.ts'
import { getTransferNamespace } from './getTransferNamespace.ts'
import type { CheckedTransfer, TransferReceipt, TransferToken } from './transferTypes.ts'

export type { TransferToken } from './transferTypes.ts'
export { transferReceiptTimeoutMs } from './transferTypes.ts'

export type SendTransferParameters = {
  /** The chain namespace ('eip155', 'solana'...); default the connected wallet's. */
  namespace?: string | undefined
  /** Default the connected chain. */
  chainId?: number | undefined
  /** The receiver's address (resolve a name first with `resolveAccountName`). */
  to: string | undefined
  token: TransferToken | undefined
  /** In the token's smallest unit (wei for ETH, 10^-6 for a 6-decimal token). */
  amount: bigint | undefined
  /** Called once the wallet has signed and broadcast, while the receipt is awaited. */
  onSubmitted?: ((hash: Hex) => void) | undefined
  /** What the pending entry shows (Activity, the toast): the amount as text and its symbol. */
  summary?: { amount: string; symbol: string; to?: string | undefined } | undefined
}

export type SendTransferReturnType = TransferReceipt

export type SendTransferErrorType =
  | TransferFieldsRequiredError
  | TransferTokenRequiredError
  | TransferChainUnsupportedError
  | InvalidTransferReceiverError
  | ConnectorNotConnectedError
  | ChainNotConfiguredError
  | UserRejectedRequestError
  | ProviderRequestError
  | TransferRevertedError

type TransferSender = (config: LatchConfig, parameters: CheckedTransfer) => Promise<TransferReceipt>

/**
 * How each chain namespace sends (spec section 5: eip155 and solana), each loaded when first
 * used so the page's first chunk carries none of it; any other namespace is 'Unsupported
 * chain'. Solana's receipt carries the base58 signature as `hash` and the slot as
 * `blockNumber`, and is not tracked as a pending EVM transaction.
 */
const senders: Readonly<Partial<Record<string, () => Promise<TransferSender>>>> = {
  eip155: () => import('./eip155Transfer.ts').then((module) => module.sendEip155Transfer),
  solana: () => import('./solanaTransfer.ts').then((module) => module.sendSolanaTransfer),
}

/**
 * Sends the native coin or a token from the connected wallet (spec section 4, send flow):
 * checks the fields (spec section 5), picks the sender of the chain's namespace, has the
 * wallet sign and broadcast (`eth_sendTransaction` through the connector's provider), then
 * waits for the receipt. Declining in the wallet is a `UserRejectedRequestError`; a reverted
 * transaction a `TransferRevertedError`.
 */
export async function sendTransfer(
  config: LatchConfig,
  parameters: SendTransferParameters,
): Promise<SendTransferReturnType> {
  const { namespace, to, token, amount, summary, onSubmitted, ...rest } = parameters
  if (!amount || amount < 0n || !to?.trim()) throw new TransferFieldsRequiredError()
  if (!token) throw new TransferTokenRequiredError()
  const resolved = getTransferNamespace(config, namespace)
  const loadSender = senders[resolved]
  if (!loadSender) throw new TransferChainUnsupportedError(resolved)
  const send = await loadSender()
  const from = config.getState().address
  // Pending transactions are EVM ones (checked by hash on the chain id's RPC).
  const chainId =
    resolved === 'eip155' ? (parameters.chainId ?? config.getState().chainId) : undefined
  let submitted: Hex | undefined
  try {
    const receipt = await send(config, {
      ...rest,
      to,
      token,
      amount,
      onSubmitted(hash) {
        submitted = hash
        // Tracked until settled, across reloads (spec section 9, pending transactions).
        if (chainId !== undefined)
          config.transactions.add({
            hash,
            chainId,
            from: from ?? '',
            to: summary?.to ?? to,
            amount: summary?.amount,
            symbol: summary?.symbol,
            submittedAt: Date.now(),
          })
        onSubmitted?.(hash)
      },
    })
    if (chainId !== undefined) config.transactions.settle(receipt.hash, 'confirmed')
    return receipt
  } catch (error) {
    config.logs?.error('Sending failed.', { submitted: submitted ?? null, error })
    // Reverted: settled. Any other failure after broadcast (the receipt wait timed out, the
    // node went away) leaves it pending, for the next check.
    if (submitted && error instanceof Error && error.name === 'TransferRevertedError')
      config.transactions.settle(submitted, 'failed')
    throw error
  }
}
