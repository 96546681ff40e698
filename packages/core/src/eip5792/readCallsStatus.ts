import type { Hex } from 'viem'

/** A batch a wallet sent: where, the transactions, and whether they ran as one. */
export type SentBatch = { id: string; chainId: number; hashes: readonly Hex[]; atomic: boolean }

type RpcReceipt = {
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
  logs: { address: Hex; data: Hex; topics: Hex[] }[]
}

/**
 * Wallet side of EIP-5792 `wallet_getCallsStatus` (v2 shape) for a batch the wallet sent as
 * plain transactions: 100 while any receipt is missing, 200 all succeeded, 500 all reverted (an
 * atomic batch reverts whole), 600 some did.
 */
export async function readCallsStatus(parameters: {
  batch: SentBatch
  /** JSON-RPC on the batch's chain. */
  rpc(method: string, params: unknown[]): Promise<unknown>
}) {
  const { batch, rpc } = parameters
  const receipts = (await Promise.all(
    batch.hashes.map((hash) => rpc('eth_getTransactionReceipt', [hash])),
  )) as (RpcReceipt | null)[]
  const done = receipts.filter((receipt): receipt is RpcReceipt => receipt !== null)
  const succeeded = done.filter((receipt) => receipt.status === '0x1').length
  const status =
    done.length < receipts.length
      ? 100
      : succeeded === done.length
        ? 200
        : succeeded === 0
          ? 500
          : 600
  return {
    version: '2.0.0' as const,
    id: batch.id,
    chainId: `0x${batch.chainId.toString(16)}`,
    status,
    atomic: batch.atomic,
    receipts: done.map((receipt) => ({
      logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
      status: receipt.status,
      blockHash: receipt.blockHash,
      blockNumber: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
      transactionHash: receipt.transactionHash,
    })),
  }
}
