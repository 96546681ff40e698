import {
  type FrameRpcMethod,
  type WalletCallsStatus,
  walletCallsParamsSchemas,
} from '@latch/api-contract'
import {
  bytesToHex,
  getAddress,
  type Hex,
  hexToBigInt,
  numberToHex,
  type TransactionReceipt,
} from 'viem'
import { getTransactionReceipt, waitForTransactionReceipt } from 'viem/actions'
import { FrameRequestError, userRejected } from '../../errors/frameRequest.ts'
import type { CallBatch, FrameContext, FrameRequestInfo } from '../frameContext.ts'
import { resolveAccounts } from '../smartAccount/resolveAccounts.ts'
import { formatAmount, prepareEoaTransaction, sendEoaTransaction } from './eoaTransaction.ts'
import { chainNotSupported } from './settings.ts'
import { checkFrom, invalidParams, signedInAccounts } from './signedInAccounts.ts'
import {
  confirmAndSendFromSmartAccount,
  loadSmartAccountSender,
  smartAccountTarget,
} from './smartAccountSend.ts'

/** How many batches the frame follows at once (the oldest is forgotten first). */
export const maxCallBatches = 100
/** How long an EOA batch waits for each of its transactions to be included. */
const eoaReceiptTimeoutMs = 90_000

/** EIP-5792's errors. */
const unknownBundle = () => new FrameRequestError(5730, 'Unknown bundle id.')
const duplicateId = () => new FrameRequestError(5720, 'Duplicate ID.')
const atomicityUnsupported = () =>
  new FrameRequestError(5760, 'This account does not support atomicity for these calls.')

function parse<method extends keyof typeof walletCallsParamsSchemas>(
  method: method,
  params: unknown[],
) {
  const parsed = walletCallsParamsSchemas[method].safeParse(params)
  if (!parsed.success) {
    if (method === 'wallet_getCapabilities')
      throw invalidParams('wallet_getCapabilities requires an address parameter')
    throw invalidParams(`Invalid ${method} params: ${parsed.error.issues[0]?.message ?? ''}`)
  }
  return parsed.data as (typeof walletCallsParamsSchemas)[method]['_output']
}

function batches(context: FrameContext) {
  context.state.callBatches ??= new Map()
  return context.state.callBatches
}

function remember(context: FrameContext, batch: CallBatch) {
  const all = batches(context)
  all.set(batch.id, batch)
  while (all.size > maxCallBatches) all.delete(all.keys().next().value as string)
}

/** The EIP-5792 methods of the embedded wallet. */
export async function walletCalls(
  context: FrameContext,
  { method, params }: { method: FrameRpcMethod; params: unknown[] },
  request: FrameRequestInfo,
): Promise<unknown> {
  switch (method) {
    case 'wallet_getCapabilities':
      return getCapabilities(context, parse(method, params))
    case 'wallet_sendCalls':
      return sendCalls(context, parse(method, params)[0], request)
    case 'wallet_getCallsStatus':
      return getCallsStatus(context, parse(method, params)[0])
    case 'wallet_showCallsStatus': {
      const status = await getCallsStatus(context, parse(method, params)[0])
      const network = await context.network(Number(status.chainId))
      await context.dialog(() =>
        context.ui.showCallsStatus({
          origin: request.origin,
          networkName: network.name,
          status,
        }),
      )
      return null
    }
    default:
      throw new FrameRequestError(4200, `${method} is not an EIP-5792 method.`)
  }
}

/**
 * Per network of the app: the smart account batches atomically (and gas is sponsored where the
 * network has a paymaster); the EOA sends calls one after the other (not atomic).
 */
async function getCapabilities(
  context: FrameContext,
  [address, chainIdsHex]: [string] | [string, string[]],
) {
  const session = await context.sessions.getSession()
  if (!session?.address) throw new FrameRequestError(4100, 'The embedded wallet is not connected.')
  const chainIds = chainIdsHex
    ? chainIdsHex.map((hex) => Number(hexToBigInt(hex as Hex)))
    : context.state.chainIds
  const answer: Record<string, Record<string, unknown>> = {}
  let known = false
  for (const chainId of chainIds) {
    if (!context.state.chainIds.includes(chainId)) continue
    const resolved = await resolveAccounts(context, { owner: session.address, chainId })
    const account = resolved.accounts.find(
      (item) => item.address.toLowerCase() === address.toLowerCase(),
    )
    if (!account) continue
    known = true
    answer[numberToHex(chainId)] =
      account.type === 'smartAccount'
        ? {
            atomic: { status: 'supported' },
            paymasterService: { supported: Boolean(resolved.network.smartAccounts?.paymaster) },
          }
        : { atomic: { status: 'unsupported' } }
  }
  if (!known && chainIds.length > 0) {
    // The EOA is the wallet's on every network: an unknown address is another wallet's.
    if (getAddress(address) !== getAddress(session.address))
      throw new FrameRequestError(4100, 'The request names another account than this wallet.')
  }
  return answer
}

type SendCallsRequest = (typeof walletCallsParamsSchemas)['wallet_sendCalls']['_output'][0]

async function sendCalls(
  context: FrameContext,
  batch: SendCallsRequest,
  request: FrameRequestInfo,
): Promise<{ id: string }> {
  const chainId = Number(hexToBigInt(batch.chainId as Hex))
  if (context.state.chainIds.length > 0 && !context.state.chainIds.includes(chainId))
    throw chainNotSupported(chainId)
  // Capabilities the wallet does not know, unless the app marked them optional (EIP-5792).
  for (const [name, value] of Object.entries(batch.capabilities ?? {}))
    if (name !== 'paymasterService' && !(value as { optional?: boolean } | null)?.optional)
      throw new FrameRequestError(5700, `Unsupported capability: ${name}.`)
  const accounts = await signedInAccounts(context, chainId)
  const from = batch.from ? checkFrom(accounts, batch.from) : accounts.active
  const id = batch.id ?? bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
  if (batches(context).has(id)) throw duplicateId()
  for (const call of batch.calls)
    if (!call.to) throw invalidParams('Every call of the batch needs a "to" address.')
  const calls = batch.calls.map((call) => ({
    to: call.to as Hex,
    value: call.value ? hexToBigInt(call.value as Hex) : undefined,
    data: call.data as Hex | undefined,
  }))
  const network = await context.network(chainId)
  const details = calls.flatMap((call, index) => [
    {
      label: `Call ${index + 1} of ${calls.length}`,
      value: `To ${call.to}, value ${formatAmount(call.value ?? 0n, network)}`,
    },
    ...(call.data && call.data !== '0x'
      ? [{ label: `Call ${index + 1} data`, value: call.data.slice(0, 600) }]
      : []),
  ])
  const confirmation = {
    origin: request.origin,
    networkName: network.name,
    kind: 'transaction' as const,
  }

  if (from.type === 'smartAccount') {
    const userOperationHash = await confirmAndSendFromSmartAccount(context, {
      target: smartAccountTarget(accounts, chainId),
      calls,
      confirmation: {
        ...confirmation,
        details: [
          { label: 'Batch', value: 'All calls succeed or none (one user operation)' },
          ...details,
        ],
      },
    })
    remember(context, {
      id,
      chainId,
      from: from.address,
      atomic: true,
      userOperationHash,
      transactionHashes: [],
      callCount: calls.length,
    })
    return { id }
  }

  if (batch.atomicRequired) throw atomicityUnsupported()
  await context.dialog(async () => {
    const approved = await context.ui.confirmRequest({
      ...confirmation,
      details: [
        { label: 'From', value: from.address },
        { label: 'Batch', value: 'Sent one after the other (not atomic)' },
        ...details,
      ],
    })
    if (!approved) throw userRejected()
  })
  const record: CallBatch = {
    id,
    chainId,
    from: from.address,
    atomic: false,
    transactionHashes: [],
    callCount: calls.length,
  }
  remember(context, record)
  // The calls go one after the other (each one's gas is estimated once the one before is in).
  void (async () => {
    try {
      for (const call of calls) {
        const { transaction } = await prepareEoaTransaction(context, {
          chainId,
          from: from.address,
          tx: call,
        })
        const hash = await sendEoaTransaction(context, chainId, transaction)
        record.transactionHashes.push(hash)
        const receipt = await waitForTransactionReceipt(context.publicClient(chainId), {
          hash,
          timeout: eoaReceiptTimeoutMs,
        })
        if (receipt.status !== 'success') {
          record.failed = true
          return
        }
      }
    } catch {
      record.failed = true
    }
  })()
  return { id }
}

function toCallsReceipt(receipt: TransactionReceipt) {
  return {
    logs: receipt.logs.map((log) => ({ address: log.address, data: log.data, topics: log.topics })),
    status: receipt.status === 'success' ? '0x1' : '0x0',
    blockHash: receipt.blockHash,
    blockNumber: numberToHex(receipt.blockNumber),
    gasUsed: numberToHex(receipt.gasUsed),
    transactionHash: receipt.transactionHash,
  }
}

async function getCallsStatus(context: FrameContext, id: string): Promise<WalletCallsStatus> {
  const batch = batches(context).get(id)
  if (!batch) throw unknownBundle()
  const base = {
    version: '2.0.0' as const,
    id,
    chainId: numberToHex(batch.chainId),
    atomic: batch.atomic,
  }
  if (batch.userOperationHash) {
    const accounts = await signedInAccounts(context, batch.chainId)
    const sender = await loadSmartAccountSender()
    const receipt = await sender.readUserOperationReceipt(
      context,
      smartAccountTarget(accounts, batch.chainId),
      batch.userOperationHash,
    )
    if (!receipt) return { ...base, status: 100 }
    // The operation's own logs (the bundle's transaction may hold others').
    return {
      ...base,
      status: receipt.success ? 200 : 500,
      receipts: [
        {
          ...toCallsReceipt(receipt.receipt as TransactionReceipt),
          logs: receipt.logs.map((log) => ({
            address: log.address,
            data: log.data,
            topics: log.topics,
          })),
          status: receipt.success ? '0x1' : '0x0',
        },
      ],
    }
  }
  const client = context.publicClient(batch.chainId)
  const receipts = []
  for (const hash of batch.transactionHashes) {
    const receipt = await getTransactionReceipt(client, { hash }).catch(() => undefined)
    if (!receipt) break
    receipts.push(receipt)
  }
  const succeeded = receipts.filter((receipt) => receipt.status === 'success').length
  const done = receipts.length === batch.callCount && succeeded === batch.callCount
  const status = done
    ? 200
    : !batch.failed
      ? 100
      : batch.transactionHashes.length === 0
        ? 400
        : succeeded === 0
          ? 500
          : 600
  return { ...base, status, ...(receipts.length ? { receipts: receipts.map(toCallsReceipt) } : {}) }
}
