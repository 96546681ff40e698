import { formatUnits, type Hex, type TransactionSerializable } from 'viem'
import { prepareTransactionRequest, sendRawTransaction } from 'viem/actions'
import type { FrameContext, NetworkInfo } from '../frameContext.ts'
import { withAccount } from '../walletKeys.ts'

export type EoaTransactionRequest = {
  to?: Hex | undefined
  value?: bigint | undefined
  data?: Hex | undefined
  gas?: bigint | undefined
  nonce?: number | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
  gasPrice?: bigint | undefined
}

/** Fills gas, nonce and fees from the network (through the app's RPC endpoint). */
export async function prepareEoaTransaction(
  context: FrameContext,
  { chainId, from, tx }: { chainId: number; from: Hex; tx: EoaTransactionRequest },
): Promise<{ transaction: TransactionSerializable; maxFee: bigint }> {
  const client = context.publicClient(chainId)
  const prepared = await prepareTransactionRequest(client, {
    account: from,
    chainId,
    to: tx.to,
    value: tx.value,
    data: tx.data,
    gas: tx.gas,
    nonce: tx.nonce,
    ...(tx.gasPrice !== undefined && tx.maxFeePerGas === undefined
      ? { gasPrice: tx.gasPrice, type: 'legacy' as const }
      : { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas }),
  } as Parameters<typeof prepareTransactionRequest>[1])
  const base = {
    chainId,
    to: tx.to,
    value: tx.value ?? 0n,
    data: tx.data,
    gas: prepared.gas as bigint,
    nonce: prepared.nonce as number,
  }
  const transaction: TransactionSerializable =
    prepared.maxFeePerGas !== undefined
      ? {
          ...base,
          type: 'eip1559',
          maxFeePerGas: prepared.maxFeePerGas as bigint,
          maxPriorityFeePerGas: (prepared.maxPriorityFeePerGas ?? 0n) as bigint,
        }
      : { ...base, type: 'legacy', gasPrice: prepared.gasPrice as bigint }
  const feePerGas = transaction.type === 'eip1559' ? transaction.maxFeePerGas : transaction.gasPrice
  return { transaction, maxFee: base.gas * (feePerGas ?? 0n) }
}

/** Signs with the wallet's key (opened for this signature only) and sends it. */
export async function sendEoaTransaction(
  context: FrameContext,
  chainId: number,
  transaction: TransactionSerializable,
): Promise<Hex> {
  const serializedTransaction = await withAccount(context, (wallet) =>
    wallet.signTransaction(transaction),
  )
  return sendRawTransaction(context.publicClient(chainId), { serializedTransaction })
}

/** A fee ceiling to 4 significant digits, rounded up (it is a maximum): "0.00002101 ETH". */
export function formatMaxFee(fee: bigint, network: Pick<NetworkInfo, 'decimals' | 'symbol'>) {
  const value = Number(formatUnits(fee, network.decimals))
  const text = new Intl.NumberFormat('en-US', {
    maximumSignificantDigits: 4,
    roundingMode: 'ceil',
    useGrouping: false,
  }).format(value)
  return `${text} ${network.symbol}`
}

/** An amount of the network's coin: "0.5 ETH". */
export const formatAmount = (value: bigint, network: Pick<NetworkInfo, 'decimals' | 'symbol'>) =>
  `${formatUnits(value, network.decimals)} ${network.symbol}`
