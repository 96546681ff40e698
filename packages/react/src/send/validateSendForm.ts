import { isTransferAddress, parseAccountName } from '@latch/core'
import type { MessageKey } from '../i18n/en.ts'
import { parseTokenAmount } from './parseTokenAmount.ts'

/** What the receiver field holds. */
export type ReceiverInput =
  | { kind: 'empty' }
  | { kind: 'invalid' }
  | { kind: 'address'; address: string }
  /** An account name (`alice.latch.id`, lower case) to resolve before sending. */
  | { kind: 'name'; name: string }

/** Reads the receiver field: an EVM address (EIP-55 checked when mixed case) or a name. */
export function readReceiver(text: string, nameSuffix: string): ReceiverInput {
  const trimmed = text.trim()
  if (!trimmed) return { kind: 'empty' }
  if (isTransferAddress(trimmed)) return { kind: 'address', address: trimmed }
  const name = parseAccountName(trimmed, nameSuffix)
  return name ? { kind: 'name', name } : { kind: 'invalid' }
}

/** A name's resolution, as far as it has got. */
export type NameResolution =
  | { status: 'pending' }
  | { status: 'error' }
  | { status: 'success'; address: string }

export type SendFormToken = {
  symbol: string
  decimals: number
  /** In the smallest unit. */
  balance: bigint
  /** The native coin also pays the fee. */
  native: boolean
}

export type SendFormInput = {
  token: SendFormToken | undefined
  amount: string
  receiver: ReceiverInput
  /** The resolution of `receiver` when it is a name. */
  resolution?: NameResolution | undefined
  /** The estimated network fee, in the native coin's smallest unit, when known. */
  fee?: bigint | undefined
  nameSuffix: string
}

/** A message for the person: a key of the message table and its values. */
export type SendFormMessage = {
  key: MessageKey
  values?: Readonly<Record<string, string | number>> | undefined
  /** A missing field: shown only once the person has tried to send. */
  required?: boolean | undefined
}

export type SendFormValidation = {
  token?: SendFormMessage | undefined
  amount?: SendFormMessage | undefined
  receiver?: SendFormMessage | undefined
  /** About the form as a whole (the spec's 'An amount and receiver address are required'). */
  form?: SendFormMessage | undefined
  /** Set when the form can be sent: the amount in the smallest unit and the address. */
  transfer?: { amount: bigint; to: string } | undefined
}

/**
 * Checks the Send form (spec section 5): a token ('A token is required'), an amount and a
 * receiver ('An amount and receiver address are required'), then a well-formed amount within
 * the balance (and, for the native coin, the fee on top) and a receiver that is an address or
 * a name that resolved ('Error resolving name').
 */
export function validateSendForm(input: SendFormInput): SendFormValidation {
  const { token, receiver, resolution } = input
  const result: SendFormValidation = {}
  if (!token) result.token = { key: 'send.tokenRequired', required: true }

  // Without a token only the shape of the amount can be checked.
  const parsed = parseTokenAmount(input.amount, token?.decimals ?? 255)
  let amount: bigint | undefined
  if (parsed.status === 'invalid' || (parsed.status === 'valid' && parsed.value === 0n))
    result.amount = { key: 'send.invalidAmount' }
  else if (parsed.status === 'tooManyDecimals' && token)
    result.amount = {
      key: 'send.tooManyDecimals',
      values: { symbol: token.symbol, decimals: token.decimals },
    }
  else if (parsed.status === 'valid') amount = parsed.value
  if (token && amount !== undefined) {
    if (amount > token.balance)
      result.amount = { key: 'send.insufficientBalance', values: { symbol: token.symbol } }
    else if (token.native && input.fee !== undefined && amount + input.fee > token.balance)
      result.amount = { key: 'send.insufficientForFee', values: { symbol: token.symbol } }
  }

  let to: string | undefined
  if (receiver.kind === 'invalid')
    result.receiver = { key: 'send.invalidReceiver', values: { suffix: input.nameSuffix } }
  else if (receiver.kind === 'address') to = receiver.address
  else if (receiver.kind === 'name') {
    if (resolution?.status === 'error') result.receiver = { key: 'send.resolveNameFailed' }
    else if (resolution?.status === 'success') to = resolution.address
  }

  if (parsed.status === 'empty' || receiver.kind === 'empty')
    result.form = { key: 'send.amountAndReceiverRequired', required: true }
  if (token && amount !== undefined && to && !result.amount && !result.receiver)
    result.transfer = { amount, to }
  return result
}
