/**
 * What the Send form can say about its fields, in English with `{placeholders}`: the spec's
 * words where it has them (section 5 and 8). The React layer shows `send.{key}` of its
 * message table, which holds these keys in every language.
 */
export const sendFormMessages = {
  tokenRequired: 'A token is required',
  amountAndReceiverRequired: 'An amount and receiver address are required',
  unsupportedChain: 'Unsupported chain',
  invalidAmount: 'Enter a number above 0, such as 1.5',
  tooManyDecimals: '{symbol} has at most {decimals} decimals',
  insufficientBalance: 'The amount is more than your {symbol} balance',
  insufficientForFee: 'Not enough {symbol} left for the network fee',
  invalidReceiver: 'Enter a valid address or a name ending in .{suffix}',
  resolveNameFailed: 'Error resolving name',
  invalidSolanaAddress: 'Invalid Solana address (base58, 32 bytes).',
} as const

export type SendFormMessageKey = keyof typeof sendFormMessages
