import type { SendFormMessage } from './formatSendFormMessage.ts'
import { parseTokenAmount } from './parseTokenAmount.ts'
import type { ReceiverInput } from './readReceiver.ts'

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
  /** The sending network's namespace (default eip155): a Solana receiver is base58. */
  namespace?: string | undefined
  /** The connected chain cannot send (its namespace has no sender, or it is not configured). */
  unsupportedChain?: boolean | undefined
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
 * receiver ('An amount and receiver address are required'), a chain that can send
 * ('Unsupported chain'), then a well-formed amount within the balance (and, for the native
 * coin, the fee on top) and a receiver that is an address or a name that resolved ('Error
 * resolving name').
 */
export function validateSendForm(input: SendFormInput): SendFormValidation {
  const { token, receiver, resolution } = input
  const result: SendFormValidation = {}
  if (!token) result.token = { key: 'tokenRequired', required: true }

  // Without a token only the shape of the amount can be checked.
  const parsed = parseTokenAmount(input.amount, token?.decimals ?? 255)
  let amount: bigint | undefined
  if (parsed.status === 'invalid' || (parsed.status === 'valid' && parsed.value === 0n))
    result.amount = { key: 'invalidAmount' }
  else if (parsed.status === 'tooManyDecimals' && token)
    result.amount = {
      key: 'tooManyDecimals',
      values: { symbol: token.symbol, decimals: token.decimals },
    }
  else if (parsed.status === 'valid') amount = parsed.value
  if (token && amount !== undefined) {
    if (amount > token.balance)
      result.amount = { key: 'insufficientBalance', values: { symbol: token.symbol } }
    else if (token.native && input.fee !== undefined && amount + input.fee > token.balance)
      result.amount = { key: 'insufficientForFee', values: { symbol: token.symbol } }
  }

  let to: string | undefined
  if (receiver.kind === 'invalid')
    result.receiver =
      input.namespace === 'solana'
        ? { key: 'invalidSolanaAddress' }
        : { key: 'invalidReceiver', values: { suffix: input.nameSuffix } }
  else if (receiver.kind === 'address') to = receiver.address
  else if (receiver.kind === 'name') {
    if (resolution?.status === 'error') result.receiver = { key: 'resolveNameFailed' }
    else if (resolution?.status === 'success') to = resolution.address
  }

  if (parsed.status === 'empty' || receiver.kind === 'empty')
    result.form = { key: 'amountAndReceiverRequired', required: true }
  else if (input.unsupportedChain) result.form = { key: 'unsupportedChain' }
  if (
    token &&
    amount !== undefined &&
    to &&
    !result.amount &&
    !result.receiver &&
    !input.unsupportedChain
  )
    result.transfer = { amount, to }
  return result
}
