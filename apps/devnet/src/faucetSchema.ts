import { isAddress } from 'viem'
import { z } from 'zod'

const chainIdError = (issue: { input?: unknown }) => `Invalid chain id "${String(issue.input)}".`
const amountPattern = /^(?:\d+(?:\.\d+)?|\.\d+)$/

/** `POST /fund` body. Amounts are whole units ("100", "0.5"); LANTERN amounts count tokens. */
export const fundRequestSchema = z.object(
  {
    address: z
      .string({ error: 'Missing "address": the account to fund.' })
      .refine((value) => isAddress(value), {
        error: (issue) => `Invalid address "${issue.input}".`,
      }),
    chainId: z
      .preprocess(
        (value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value),
        z
          .number({ error: chainIdError })
          .int({ error: chainIdError })
          .positive({ error: chainIdError }),
      )
      .optional(),
    token: z.string({ error: 'Expected "token" to be a symbol such as "LUSD".' }).min(1).optional(),
    amount: z
      .union([z.string(), z.number()], {
        error: (issue) => `Invalid amount "${issue.input}".`,
      })
      .transform(String)
      .refine((value) => amountPattern.test(value) && /[1-9]/.test(value), {
        error: (issue) =>
          `Invalid amount "${issue.input}": expected a positive number such as "100".`,
      })
      .optional(),
  },
  { error: 'Expected a JSON object such as {"address": "0x..."}.' },
)
export type FundRequest = z.input<typeof fundRequestSchema>
export type FundParameters = z.output<typeof fundRequestSchema>

/** One asset the faucet handed out on one chain. */
export const fundedAssetSchema = z.object({
  chainId: z.number().int(),
  symbol: z.string(),
  /** Whole units, as in the request. */
  amount: z.string(),
  /** The mint or deposit transaction; absent for native currency (set directly on anvil). */
  transactionHash: z.string().optional(),
  /** For LANTERN: the ids minted. */
  tokenIds: z.array(z.string()).optional(),
})
export type FundedAsset = z.infer<typeof fundedAssetSchema>

/** `POST /fund` answer. */
export const fundResponseSchema = z.object({
  address: z.string(),
  funded: z.array(fundedAssetSchema),
})
export type FundResponse = z.infer<typeof fundResponseSchema>
