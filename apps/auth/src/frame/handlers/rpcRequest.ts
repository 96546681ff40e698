import {
  formatUnits,
  type Hex,
  hexToBytes,
  isAddress,
  isHex,
  numberToHex,
  type TransactionSerializable,
  type TypedDataDefinition,
} from 'viem'
import { prepareTransactionRequest, sendRawTransaction } from 'viem/actions'
import { z } from 'zod'
import { FrameRequestError, unauthorized, userRejected } from '../../errors/frameRequest.ts'
import type { ConfirmRequest, FrameContext, FrameHandler } from '../frameContext.ts'
import { withAccount } from '../walletKeys.ts'
import { requireSession } from './connect.ts'
import { chainNotSupported } from './settings.ts'

const invalidParams = (message: string) => new FrameRequestError(-32602, message)
const hex = z.string().regex(/^0x[0-9a-fA-F]*$/)
const quantity = hex.transform((value) => BigInt(value))
const address = z.string().refine((value) => isAddress(value, { strict: false }))

const transactionSchema = z.object({
  from: address,
  to: address.optional(),
  value: quantity.optional(),
  data: hex.optional(),
  gas: quantity.optional(),
  nonce: hex.transform((value) => Number(BigInt(value))).optional(),
  maxFeePerGas: quantity.optional(),
  maxPriorityFeePerGas: quantity.optional(),
  gasPrice: quantity.optional(),
})

const typedDataSchema = z.object({
  domain: z.record(z.string(), z.unknown()).default({}),
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: z.string(),
  message: z.record(z.string(), z.unknown()),
})

/** A message's text when it is readable UTF-8, else its hex. */
function readable(message: Hex): string {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(hexToBytes(message))
    // Control characters other than line breaks and tabs mean bytes, not text.
    const isControl = (code: number) =>
      (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f
    for (const char of text) if (isControl(char.codePointAt(0) ?? 0)) return message
    return text
  } catch {
    return message
  }
}

const shorten = (text: string, max = 4000) => (text.length > max ? `${text.slice(0, max)}…` : text)

async function signedInAddress(context: FrameContext): Promise<string> {
  const session = await requireSession(context)
  if (!session.address) throw unauthorized()
  return session.address
}

async function confirm(context: FrameContext, request: ConfirmRequest): Promise<void> {
  const confirmed = await context.dialog(() => context.ui.confirmRequest(request))
  if (!confirmed) throw userRejected()
}

const checkFrom = (expected: string, given: unknown) => {
  if (typeof given !== 'string' || given.toLowerCase() !== expected.toLowerCase())
    throw new FrameRequestError(4100, 'The request names another account than this wallet.')
}

/**
 * `rpcRequest`: the JSON-RPC methods the wallet itself answers. Every signature is shown in
 * the frame's own confirmation first (site, network, what is signed; for a transaction the
 * recipient, value and maximum fee); a decline answers 4001. Reads go to the page's RPC.
 */
export const rpcRequest: FrameHandler<'rpcRequest'> = async (context, parameters, request) => {
  const { method, chainId } = parameters
  const params = parameters.params ?? []
  const { chainIds } = context.state
  if (chainIds.length > 0 && !chainIds.includes(chainId)) throw chainNotSupported(chainId)

  switch (method) {
    case 'eth_chainId':
      return { result: numberToHex(context.state.chainId ?? chainId) }
    case 'eth_accounts': {
      const session = await context.sessions.getSession()
      return { result: session?.address ? [session.address] : [] }
    }
    case 'eth_requestAccounts':
      return { result: [await signedInAddress(context)] }
    case 'personal_sign': {
      const from = await signedInAddress(context)
      // [message, address]; some callers swap them.
      let [message, account] = params
      if (
        typeof message === 'string' &&
        isAddress(message) &&
        typeof account === 'string' &&
        !isAddress(account)
      )
        [message, account] = [account, message]
      checkFrom(from, account)
      if (typeof message !== 'string') throw invalidParams('personal_sign needs a message.')
      const network = await context.network(chainId)
      await confirm(context, {
        origin: request.origin,
        networkName: network.name,
        kind: 'message',
        details: [
          { label: 'Message', value: shorten(isHex(message) ? readable(message) : message) },
        ],
      })
      const signature = await withAccount(context, (wallet) =>
        wallet.signMessage({ message: isHex(message) ? { raw: message } : message }),
      )
      return { result: signature }
    }
    case 'eth_signTypedData_v4': {
      const from = await signedInAddress(context)
      const [account, raw] = params
      checkFrom(from, account)
      let json: unknown = raw
      if (typeof raw === 'string')
        try {
          json = JSON.parse(raw)
        } catch {
          throw invalidParams('The typed data is not JSON.')
        }
      const parsed = typedDataSchema.safeParse(json)
      if (!parsed.success) throw invalidParams('The typed data is not EIP-712.')
      const typedData = parsed.data
      const domainChain = typedData.domain.chainId
      if (domainChain !== undefined && Number(domainChain) !== chainId)
        throw invalidParams(
          `The typed data is for network ${String(domainChain)}, not the current ${chainId}.`,
        )
      const network = await context.network(chainId)
      const name = typeof typedData.domain.name === 'string' ? typedData.domain.name : ''
      await confirm(context, {
        origin: request.origin,
        networkName: network.name,
        kind: 'typedData',
        details: [
          ...(name ? [{ label: 'Domain', value: name }] : []),
          { label: 'Type', value: typedData.primaryType },
          { label: 'Message', value: shorten(JSON.stringify(typedData.message, null, 2)) },
        ],
      })
      const signature = await withAccount(context, (wallet) =>
        wallet.signTypedData(typedData as unknown as TypedDataDefinition),
      )
      return { result: signature }
    }
    case 'eth_sendTransaction': {
      const from = await signedInAddress(context)
      const parsed = transactionSchema.safeParse(params[0])
      if (!parsed.success) throw invalidParams('eth_sendTransaction needs a transaction object.')
      const tx = parsed.data
      checkFrom(from, tx.from)
      const client = context.publicClient(chainId)
      const prepared = await prepareTransactionRequest(client, {
        account: from as Hex,
        chainId,
        to: tx.to as Hex | undefined,
        value: tx.value,
        data: tx.data as Hex | undefined,
        gas: tx.gas,
        nonce: tx.nonce,
        ...(tx.gasPrice !== undefined && tx.maxFeePerGas === undefined
          ? { gasPrice: tx.gasPrice, type: 'legacy' as const }
          : { maxFeePerGas: tx.maxFeePerGas, maxPriorityFeePerGas: tx.maxPriorityFeePerGas }),
      } as Parameters<typeof prepareTransactionRequest>[1])
      const gas = prepared.gas as bigint
      const nonce = prepared.nonce as number
      const base = {
        chainId,
        to: tx.to as Hex | undefined,
        value: tx.value ?? 0n,
        data: tx.data as Hex | undefined,
        gas,
        nonce,
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
      const feePerGas =
        transaction.type === 'eip1559' ? transaction.maxFeePerGas : transaction.gasPrice
      const network = await context.network(chainId)
      const amount = (value: bigint) => `${formatUnits(value, network.decimals)} ${network.symbol}`
      await confirm(context, {
        origin: request.origin,
        networkName: network.name,
        kind: 'transaction',
        details: [
          { label: 'To', value: tx.to ?? 'A new contract' },
          { label: 'Value', value: amount(tx.value ?? 0n) },
          { label: 'Max fee', value: maxFee(gas * (feePerGas ?? 0n), network) },
          ...(tx.data && tx.data !== '0x' ? [{ label: 'Data', value: shorten(tx.data, 600) }] : []),
        ],
      })
      const serializedTransaction = await withAccount(context, (wallet) =>
        wallet.signTransaction(transaction),
      )
      const hash = await sendRawTransaction(client, { serializedTransaction })
      return { result: hash }
    }
  }
}

/** A fee ceiling to 4 significant digits, rounded up (it is a maximum): "0.00002101 ETH". */
function maxFee(fee: bigint, network: { decimals: number; symbol: string }): string {
  const value = Number(formatUnits(fee, network.decimals))
  const text = new Intl.NumberFormat('en-US', {
    maximumSignificantDigits: 4,
    roundingMode: 'ceil',
    useGrouping: false,
  }).format(value)
  return `${text} ${network.symbol}`
}
