import { receiptTimeoutMs } from '../timings.ts'
import type { Hex } from '../types.ts'

/*
 * The shapes the transfer actions (`sendTransfer`, `estimateTransfer`) and each chain
 * namespace's sender share. They live here, apart from the actions, so that a namespace's
 * module (`eip155Transfer.ts`) depends on these and the actions load it: no import circle.
 */

/** What a transfer moves: the chain's native coin, or a token contract. */
export type TransferToken = {
  /**
   * The token's contract, as `0x...` or CAIP-10 (as the balances API gives it); undefined or
   * the zero address for the native coin.
   */
  address?: string | undefined
}

/** A transfer whose fields are present, as a namespace's sender gets it. */
export type CheckedTransfer = {
  /** Default the connected chain. */
  chainId?: number | undefined
  to: string
  token: TransferToken
  /** In the token's smallest unit. */
  amount: bigint
  /** Called once the wallet has signed and broadcast, while the receipt is awaited. */
  onSubmitted?: ((hash: Hex) => void) | undefined
}

/** What a sent transfer gives back: its hash and the block it landed in. */
export type TransferReceipt = { hash: Hex; blockNumber: bigint }

/** A transfer to estimate, as a namespace's estimator gets it. */
export type TransferEstimateRequest = {
  /** Default the connected chain. */
  chainId?: number | undefined
  /** The receiver; default the sender itself (the fee of a transfer is much the same). */
  to?: string | undefined
  token: TransferToken
  /** In the token's smallest unit; default 0 (what the fee of a not yet known amount is). */
  amount?: bigint | undefined
}

/** A transfer's estimated gas and fee. */
export type TransferEstimate = {
  /** Gas units the transfer uses. */
  gas: bigint
  /** The most the chain may charge per gas unit now (EIP-1559 max fee, else the gas price). */
  feePerGas: bigint
  /** `gas × feePerGas`, in the native coin's smallest unit. */
  fee: bigint
}

/** Transaction receipt wait (spec section 9): 180 s, 6 retries from 200 ms, 1 confirmation. */
export const transferReceiptTimeoutMs = receiptTimeoutMs
