import { type Hex, hexToBytes, isAddress, isHex, numberToHex, type TypedDataDefinition } from 'viem'
import { z } from 'zod'
import { FrameRequestError } from '../../errors/frameRequest.ts'
import type { ConfirmRequest, FrameHandler } from '../frameContext.ts'
import { resolveAccounts } from '../smartAccount/resolveAccounts.ts'
import { withAccount } from '../walletKeys.ts'
import {
  formatAmount,
  formatMaxFee,
  prepareEoaTransaction,
  sendEoaTransaction,
} from './eoaTransaction.ts'
import { chainNotSupported } from './settings.ts'
import { checkFrom, confirm, invalidParams, signedInAccounts } from './signedInAccounts.ts'
import {
  confirmAndSendFromSmartAccount,
  loadSmartAccountSender,
  smartAccountTarget,
} from './smartAccountSend.ts'

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
      if (!session?.address) return { result: [] }
      const resolved = await resolveAccounts(context, { owner: session.address, chainId })
      return { result: [resolved.active.address] }
    }
    case 'eth_requestAccounts':
      return { result: [(await signedInAccounts(context, chainId)).active.address] }
    case 'wallet_getCapabilities':
    case 'wallet_sendCalls':
    case 'wallet_getCallsStatus':
    case 'wallet_showCallsStatus':
      // EIP-5792 is loaded when an app first uses it (the frame's first load stays small).
      return {
        result: await (await import('./walletCalls.ts')).walletCalls(
          context,
          { method, params },
          request,
        ),
      }
    case 'personal_sign': {
      const from = await signedInAccounts(context, chainId)
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
      const from = await signedInAccounts(context, chainId)
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
      const accounts = await signedInAccounts(context, chainId)
      const parsed = transactionSchema.safeParse(params[0])
      if (!parsed.success) throw invalidParams('eth_sendTransaction needs a transaction object.')
      const tx = parsed.data
      const from = checkFrom(accounts, tx.from)
      const network = await context.network(chainId)
      const what = [
        { label: 'To', value: tx.to ?? 'A new contract' },
        { label: 'Value', value: formatAmount(tx.value ?? 0n, network) },
        ...(tx.data && tx.data !== '0x' ? [{ label: 'Data', value: shorten(tx.data, 600) }] : []),
      ]
      if (from.type === 'smartAccount') {
        if (!tx.to) throw invalidParams('A smart account does not deploy contracts this way.')
        const target = smartAccountTarget(accounts, chainId)
        const userOperationHash = await confirmAndSendFromSmartAccount(context, {
          target,
          calls: [{ to: tx.to as Hex, value: tx.value, data: tx.data as Hex | undefined }],
          confirmation: {
            origin: request.origin,
            networkName: network.name,
            kind: 'transaction',
            details: what,
          },
        })
        // The page waits for a transaction's receipt: the one that included the operation.
        const sender = await loadSmartAccountSender()
        const receipt = await sender.waitForUserOperation(context, target, userOperationHash)
        if (!receipt.success)
          throw new FrameRequestError(
            -32003,
            `The transaction reverted: ${sender.readRevertReason(receipt.reason)} (transaction ${receipt.receipt.transactionHash}).`,
          )
        return { result: receipt.receipt.transactionHash }
      }
      const { transaction, maxFee } = await prepareEoaTransaction(context, {
        chainId,
        from: from.address,
        tx: {
          to: tx.to as Hex | undefined,
          value: tx.value,
          data: tx.data as Hex | undefined,
          gas: tx.gas,
          nonce: tx.nonce,
          maxFeePerGas: tx.maxFeePerGas,
          maxPriorityFeePerGas: tx.maxPriorityFeePerGas,
          gasPrice: tx.gasPrice,
        },
      })
      await confirm(context, {
        origin: request.origin,
        networkName: network.name,
        kind: 'transaction',
        details: [
          what[0] as ConfirmRequest['details'][number],
          what[1] as ConfirmRequest['details'][number],
          { label: 'Max fee', value: formatMaxFee(maxFee, network) },
          ...what.slice(2),
        ],
      })
      return { result: await sendEoaTransaction(context, chainId, transaction) }
    }
  }
}
