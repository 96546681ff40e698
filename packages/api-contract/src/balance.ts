import { z } from 'zod'
import { caipChainIdParam } from './caipParams.ts'
import { projectIdParam } from './params.ts'

/**
 * Query of `GET /v1/account/{address}/balance` (spec section 7): `chainId` an EVM chain, or a
 * Solana or Bitcoin network's CAIP-2 id (SOL and SPL tokens; BTC confirmed and unconfirmed).
 */
export const balanceQuerySchema = z.object({
  projectId: projectIdParam,
  chainId: caipChainIdParam,
  currency: z
    .enum(['usd', 'eur'])
    .default('usd')
    .describe('The fiat currency of prices and values.'),
  forceUpdate: z
    .enum(['true', 'false'])
    .optional()
    .describe(
      '`true`: read the chain rather than the 30 s cache (throttled per account and chain).',
    ),
})

/** One entry of the balance response (spec section 3, Token balance). */
export const tokenBalanceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  chainId: z.string(),
  /** CAIP-10 token address; for the native coin `{caip2}:0xeeee...eeee` (`nativeCoinAddress`). */
  address: z
    .string()
    .optional()
    .describe('CAIP-10 token address; the native coin is `{chainId}:0xeeee...eeee`.'),
  value: z.number().optional(),
  price: z.number(),
  /** Decimal strings: `decimals` an integer, `numeric` the amount in whole tokens ("10000.5"). */
  quantity: z.object({
    decimals: z.string().regex(/^\d{1,3}$/),
    numeric: z.string().regex(/^\d+(\.\d+)?$/),
  }),
  iconUrl: z.string(),
})
export type TokenBalance = z.infer<typeof tokenBalanceSchema>

export const balanceResponseSchema = z.object({ balances: z.array(tokenBalanceSchema) })
export type BalanceResponse = z.infer<typeof balanceResponseSchema>
