import { z } from 'zod'
import { caipChainIdParam } from './caipParams.ts'
import { projectIdParam } from './params.ts'

/** Query of `GET /v1/account/{account}/history` (spec section 7: cursor, onramp, chainId). */
export const historyQuerySchema = z.object({
  projectId: projectIdParam,
  /**
   * CAIP-2 or a bare chain id; when absent, every configured EVM chain. A Solana or Bitcoin
   * account needs its network's CAIP-2 id (here or in a CAIP-10 account): read from the chain.
   */
  chainId: caipChainIdParam
    .optional()
    .describe('Only this chain; by default every EVM chain. Required for Solana and Bitcoin.'),
  /** Opaque cursor from a previous page's `next`. */
  cursor: z
    .string()
    .max(200, 'cursor is too long.')
    .optional()
    .describe("The previous page's `next`, for older transactions."),
  /**
   * On-ramp purchases only, instead of the account's transactions: `coinbase` (what the
   * reference client sends) or `moonpay`, that provider's purchases; `all`, every provider's.
   * A purchase is a transfer to the account from a provider's funding account (the devnet
   * sandbox's, or LATCH_ONRAMP_<ID>_SENDERS); its status reads `ONRAMP_TRANSACTION_STATUS_*`.
   */
  onramp: z
    .enum(['coinbase', 'moonpay', 'all'], 'onramp must be "coinbase", "moonpay" or "all".')
    .optional()
    .describe(
      "On-ramp purchases only: `coinbase` or `moonpay` (that provider's), `all` (every provider's). Each item's status is `ONRAMP_TRANSACTION_STATUS_SUCCESS` (or `_FAILED`), as the reference client reads.",
    ),
  /** Items per page, 1 to 100 (default 25). */
  limit: z.coerce.number().int().min(1).max(100).default(25).describe('Transactions per page.'),
})

export const transferDirectionSchema = z.enum(['in', 'out', 'self'])

/** One asset movement of a transaction (spec section 3: transfers with fungible_info or nft_info). */
export const historyTransferSchema = z.object({
  direction: transferDirectionSchema,
  quantity: z.object({ numeric: z.string() }),
  /**
   * USD value (`quantity` x `price`) at the time of the transfer; absent when that price is
   * unknown (the price source keeps no history, or had no pool then). Never today's price.
   */
  value: z.number().optional().describe('USD value at the time of the transfer, when known.'),
  /** USD price of one whole token at the transfer's block, when known. */
  price: z.number().optional().describe('USD price of one token at the time, when known.'),
  fungible_info: z
    .object({
      name: z.string(),
      symbol: z.string(),
      /** CAIP-19-like token id; the zero address for the native coin. */
      address: z.string(),
      icon: z.object({ url: z.string() }).optional(),
    })
    .optional(),
  nft_info: z
    .object({
      name: z.string(),
      tokenId: z.string(),
      collection: z.object({ name: z.string(), address: z.string() }),
      /**
       * The reference shape's flags (AppKit reads `nft_info.flags.is_spam`). Latch keeps no
       * spam list: `is_spam` is false for every NFT.
       */
      flags: z
        .object({ is_spam: z.boolean().describe('Always false: Latch keeps no spam list.') })
        .describe("The reference client's NFT flags."),
      content: z
        .object({ preview: z.object({ url: z.string(), content_type: z.string() }) })
        .optional(),
    })
    .optional(),
})

/** One transaction of the history (spec section 3: metadata with operationType, status, sentFrom, sentTo). */
export const historyTransactionSchema = z.object({
  id: z.string(),
  metadata: z.object({
    operationType: z.enum([
      'send',
      'receive',
      'trade',
      'mint',
      'burn',
      'execute',
      'approve',
      'deploy',
    ]),
    /** On `onramp` pages, `ONRAMP_TRANSACTION_STATUS_*` (the reference client's on-ramp statuses). */
    status: z.enum([
      'confirmed',
      'failed',
      'pending',
      'ONRAMP_TRANSACTION_STATUS_SUCCESS',
      'ONRAMP_TRANSACTION_STATUS_IN_PROGRESS',
      'ONRAMP_TRANSACTION_STATUS_FAILED',
    ]),
    hash: z.string(),
    /** ISO 8601 */
    minedAt: z.iso.datetime(),
    sentFrom: z.string(),
    sentTo: z.string(),
    nonce: z.number().int(),
    /** CAIP-2 */
    chain: z.string(),
    blockNumber: z.number().int(),
    /** The on-ramp provider (`coinbase`, `moonpay`) when this is a purchase from one (Latch extra). */
    onramp: z
      .string()
      .optional()
      .describe('The on-ramp provider id when this transaction is a purchase from one.'),
  }),
  transfers: z.array(historyTransferSchema),
})

export const historyResponseSchema = z.object({
  data: z.array(historyTransactionSchema),
  /** Cursor of the next (older) page; null on the last page. */
  next: z.string().nullable(),
})

export type HistoryTransfer = z.infer<typeof historyTransferSchema>
export type HistoryTransaction = z.infer<typeof historyTransactionSchema>
export type HistoryResponse = z.infer<typeof historyResponseSchema>
