import { isAddress } from 'viem'
import type { LatchConfig } from '../createLatchConfig.ts'
import {
  ChainNotConfiguredError,
  ConnectorNotConnectedError,
  type ProviderRequestError,
  type UserRejectedRequestError,
} from '../errors/connector.ts'
import {
  type InvalidTransferReceiverError,
  TransferChainUnsupportedError,
  TransferFieldsRequiredError,
  type TransferRevertedError,
  TransferTokenRequiredError,
} from '../errors/transfer.ts'
import type { Hex } from '../types.ts'

/** What a transfer moves: the chain's native coin, or a token contract. */
export type TransferToken = {
  /**
   * The token's contract, as `0x...` or CAIP-10 (as the balances API gives it); undefined or
   * the zero address for the native coin.
   */
  address?: string | undefined
}

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
}

export type SendTransferReturnType = { hash: Hex; blockNumber: bigint }

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

/** A transfer whose fields are present, as a namespace's sender gets it. */
export type CheckedTransfer = Omit<
  SendTransferParameters,
  'namespace' | 'to' | 'token' | 'amount'
> & {
  to: string
  token: TransferToken
  amount: bigint
}

type TransferSender = (
  config: LatchConfig,
  parameters: CheckedTransfer,
) => Promise<SendTransferReturnType>

/** Transaction receipt wait (spec section 9): 180 s, 6 retries from 200 ms, 1 confirmation. */
export const transferReceiptTimeoutMs = 180_000

/**
 * How each chain namespace sends (spec section 5: eip155 and solana), each loaded when first
 * used so the page's first chunk carries none of it. Solana joins here with its connector;
 * any other namespace is 'Unsupported chain'.
 */
const senders: Readonly<Partial<Record<string, () => Promise<TransferSender>>>> = {
  eip155: () => import('./eip155Transfer.ts').then((module) => module.sendEip155Transfer),
}

/**
 * Whether `text` is an address a transfer on the namespace can go to: for eip155, 40 hex
 * characters whose EIP-55 checksum holds when mixed case.
 */
export function isTransferAddress(text: string, namespace = 'eip155'): boolean {
  return namespace === 'eip155' && isAddress(text.trim())
}

/** The namespace a transfer runs on: the one asked for, else the connected wallet's. */
export function getTransferNamespace(config: LatchConfig, namespace: string | undefined): string {
  if (namespace) return namespace
  const state = config.getState()
  return (
    state.connectors.find((entry) => entry.id === state.connectorId)?.chainNamespace ?? 'eip155'
  )
}

/** The connected wallet's address, connector and network for a transfer on `chainId`. */
export function getTransferContext(config: LatchConfig, chainId?: number | undefined) {
  const state = config.getState()
  const connector = state.connectors.find((entry) => entry.id === state.connectorId)
  if (state.status !== 'connected' || !connector || !state.address)
    throw new ConnectorNotConnectedError()
  const id = chainId ?? state.chainId
  const network = config.networks.find((entry) => entry.id === id)
  if (!network || id === undefined) throw new ChainNotConfiguredError(id ?? 'unknown')
  return { connector, from: state.address, network }
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
  const { namespace, to, token, amount, ...rest } = parameters
  if (!amount || amount < 0n || !to?.trim()) throw new TransferFieldsRequiredError()
  if (!token) throw new TransferTokenRequiredError()
  const resolved = getTransferNamespace(config, namespace)
  const loadSender = senders[resolved]
  if (!loadSender) throw new TransferChainUnsupportedError(resolved)
  const send = await loadSender()
  return send(config, { ...rest, to, token, amount })
}
