import type { Hex, TransactionReceipt } from 'viem'
import type { DevnetClients } from './createDevnetClients.ts'

/** Waits for a sent transaction and throws if it reverted: devnet setup must not fail silently. */
export async function waitForSuccess(
  clients: DevnetClients,
  hash: Hex | Promise<Hex>,
): Promise<TransactionReceipt> {
  const receipt = await clients.publicClient.waitForTransactionReceipt({
    hash: await hash,
    timeout: 15_000,
  })
  if (receipt.status !== 'success') {
    throw new Error(
      `Transaction "${receipt.transactionHash}" reverted on chain ${clients.chain.id}.`,
    )
  }
  return receipt
}
