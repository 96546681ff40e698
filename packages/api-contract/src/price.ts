import { z } from 'zod'

/**
 * Body of `POST /v1/fungible/price` (spec section 7: currency, addresses, projectId). The
 * project id may come here, in the query or in `X-Project-Id`.
 */
export const fungiblePriceBodySchema = z.object({
  projectId: z.string().optional(),
  currency: z.enum(['usd', 'eur']).default('usd'),
  /** CAIP-10 token addresses: `eip155:31337:0x...`; `0xeeee...eeee` (or the zero address) is the native coin. */
  addresses: z
    .array(
      z
        .string()
        .regex(
          /^eip155:\d+:0x[0-9a-fA-F]{40}$/,
          'Each address must be CAIP-10, like "eip155:1:0x...".',
        ),
    )
    .min(1, 'At least one address is required.')
    .max(100, 'At most 100 addresses.'),
})

export const fungiblePriceSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  iconUrl: z.string(),
  price: z.number(),
  decimals: z.number().int(),
  /** The CAIP-10 address asked for. */
  address: z.string(),
})

export const fungiblePriceResponseSchema = z.object({ fungibles: z.array(fungiblePriceSchema) })
export type FungiblePrice = z.infer<typeof fungiblePriceSchema>
