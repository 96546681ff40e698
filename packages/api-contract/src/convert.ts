import { z } from 'zod'
import { accountIdParam, chainIdParam, projectIdParam } from './params.ts'

/**
 * The convert (swap) endpoints, `/v1/convert/*` (spec section 7). Requests and answers take the
 * shapes the reference client (AppKit's swap client) sends and reads, so a dapp pointed at Latch
 * swaps as it would elsewhere; Latch adds fields of its own (route, price impact, minimum
 * received, fee, expiry) that a swap view can be built from alone. Token addresses are CAIP-10
 * (`eip155:1:0x...`); the native coin is `{caip2}:0xeeee...eeee` (`nativeCoinAddress`).
 */

/** The texts of swap refusals a client may match on (the first two are the spec's words). */
export const convertMessages = {
  networkNotSupported: 'Network not supported for Swaps',
  gasPriceNotSupported: 'Network not supported for Gas Price',
} as const

/** How long a quote holds, in seconds: after `expiresAt` a view shows "quote expired" and asks again. */
export const quoteTtlSeconds = 30

/** A CAIP-10 token address, e.g. `eip155:1:0xA0b8...`; `0xeeee...eeee` is the native coin. */
export const caipTokenParam = z
  .string()
  .regex(
    /^eip155:[1-9]\d{0,15}:0x[0-9a-fA-F]{40}$/,
    'Expected a CAIP-10 token address like "eip155:1:0x..."',
  )

/** An amount in the token's smallest unit (wei for ether): a positive whole number. */
export const baseUnitAmountParam = z
  .string()
  .regex(/^\d{1,78}$/, 'Expected a whole number of base units (wei), like "1000000"')
  .refine((value) => !/^\d+$/.test(value) || BigInt(value) > 0n, 'Expected more than 0')

/** A slippage tolerance in percent (1 = 1%), as a number or a numeric string. */
export const slippageParam = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value),
  z
    .number('Expected a percentage between 0.01 and 50')
    .min(0.01, 'Expected a percentage between 0.01 and 50')
    .max(50, 'Expected a percentage between 0.01 and 50'),
)

const caipAddress = z.string().describe('CAIP-10: `eip155:{chainId}:0x...`.')
const wei = z.string().regex(/^\d+$/).describe('A whole number in base units (wei).')

/** Query of `GET /v1/convert/tokens`. */
export const convertTokensQuerySchema = z.object({
  projectId: projectIdParam.optional(),
  chainId: chainIdParam,
})

/** A token that can be swapped on the chain. */
export const swapTokenSchema = z.object({
  name: z.string(),
  symbol: z.string(),
  address: caipAddress,
  decimals: z.number().int(),
  logoUri: z.string().describe("The API's icon URL of the token (`/public/getTokenImage/...`)."),
  eip2612: z
    .boolean()
    .describe(
      'Whether the token takes EIP-2612 permits; Latch asks for an approval instead (false).',
    ),
  price: z.number().describe('Latch: the price of one whole token in USD (0 when unknown).'),
})
export type SwapToken = z.infer<typeof swapTokenSchema>

export const convertTokensResponseSchema = z.object({ tokens: z.array(swapTokenSchema) })
export type ConvertTokensResponse = z.infer<typeof convertTokensResponseSchema>

/** Query of `GET /v1/convert/quotes`. */
export const convertQuotesQuerySchema = z.object({
  projectId: projectIdParam.optional(),
  amount: baseUnitAmountParam.describe("What is sold, in the `from` token's base units."),
  userAddress: accountIdParam.describe('The account that swaps: an address or CAIP-10.'),
  from: caipTokenParam.describe('The token sold (CAIP-10).'),
  to: caipTokenParam.describe('The token bought (CAIP-10, the same chain).'),
  gasPrice: z
    .string()
    .regex(/^\d{0,78}$/, 'gasPrice must be a whole number of wei.')
    .optional()
    .describe('The gas price the client expects, in wei: prices `networkFee`. Optional.'),
  slippage: slippageParam
    .optional()
    .describe('Latch: the tolerance `minimumReceived` is computed with, in percent (default 1).'),
})

/** One hop token of a route. */
export const swapRouteTokenSchema = z.object({ address: caipAddress, symbol: z.string() })

/** A quote: `id`, `fromAmount`, `fromAccount`, `toAmount`, `toAccount` are what AppKit reads. */
export const swapQuoteSchema = z.object({
  id: z.string().nullable(),
  fromAmount: wei,
  fromAccount: caipAddress.describe('The token sold (CAIP-10), as asked.'),
  toAmount: wei,
  toAccount: caipAddress.describe('The token bought (CAIP-10), as asked.'),
  source: z
    .enum(['uniswap-v2', 'aggregator'])
    .describe(
      'Latch: where the quote comes from: `uniswap-v2` (pools read on-chain) or `aggregator`.',
    ),
  route: z
    .array(swapRouteTokenSchema)
    .describe('Latch: the tokens the swap passes through, first to last.'),
  rate: z
    .string()
    .describe('Latch: whole `to` tokens per whole `from` token, as a decimal string.'),
  priceImpact: z
    .number()
    .nullable()
    .describe(
      'Latch: how far the trade moves the price, in percent (fees excluded); null when unknown.',
    ),
  minimumReceived: wei.describe(
    "Latch: the least received at `slippage`, in the `to` token's base units.",
  ),
  slippage: z
    .number()
    .describe('Latch: the slippage tolerance `minimumReceived` assumes, in percent.'),
  fee: z
    .object({ amount: wei, percent: z.number(), token: caipAddress })
    .describe(
      "Latch: the pools' fee, in the `from` token's base units and in percent of `fromAmount` (0 from an aggregator, whose fee is inside `toAmount`).",
    ),
  estimatedGas: wei.describe(
    'Latch: the gas the swap is expected to use (an estimate, before approval).',
  ),
  networkFee: wei.describe(
    "Latch: `estimatedGas` x the gas price (the one asked with, else the chain's), in wei.",
  ),
  spender: caipAddress.describe('Latch: the contract to approve for `from` (the router).'),
  expiresAt: z
    .string()
    .describe(
      'Latch: when the quote stops holding (ISO 8601); a view shows "quote expired" after it.',
    ),
})
export type SwapQuote = z.infer<typeof swapQuoteSchema>

export const convertQuotesResponseSchema = z.object({ quotes: z.array(swapQuoteSchema) })
export type ConvertQuotesResponse = z.infer<typeof convertQuotesResponseSchema>

/** Query of `GET /v1/convert/allowance`. */
export const convertAllowanceQuerySchema = z.object({
  projectId: projectIdParam.optional(),
  tokenAddress: caipTokenParam.describe('The token (CAIP-10); its chain is the chain asked.'),
  userAddress: accountIdParam.describe('The owner: an address or CAIP-10.'),
})

export const convertAllowanceResponseSchema = z.object({
  allowance: wei.describe(
    'What `spender` may take from the owner, in base units; the native coin needs none (max).',
  ),
  spender: caipAddress.describe(
    'Latch: the contract the allowance is for (the router swaps go through).',
  ),
})
export type ConvertAllowanceResponse = z.infer<typeof convertAllowanceResponseSchema>

/** Query of `GET /v1/convert/gas-price`. */
export const convertGasPriceQuerySchema = z.object({
  projectId: projectIdParam.optional(),
  chainId: chainIdParam,
})

export const convertGasPriceResponseSchema = z.object({
  standard: wei.describe(
    "Gas prices in wei, three speeds (`standard` is the chain's `eth_gasPrice`).",
  ),
  fast: wei,
  instant: wei,
  /** Latch: EIP-1559 fees on chains that have them, in wei. */
  eip1559: z
    .object({ baseFeePerGas: wei, maxPriorityFeePerGas: wei, maxFeePerGas: wei })
    .optional(),
})
export type ConvertGasPriceResponse = z.infer<typeof convertGasPriceResponseSchema>

/** Query of `GET /v1/convert/build-approve`. */
export const convertBuildApproveQuerySchema = z.object({
  projectId: projectIdParam.optional(),
  userAddress: accountIdParam.describe('The owner who approves: an address or CAIP-10.'),
  from: caipTokenParam.describe('The token to approve (CAIP-10).'),
  to: caipTokenParam.describe('The token it will be swapped for (CAIP-10).'),
  amount: z
    .string()
    .regex(/^\d{1,78}$/, 'amount must be a whole number of base units.')
    .optional()
    .describe('Latch: approve exactly this many base units; unset, an unlimited approval.'),
})

export const convertBuildApproveResponseSchema = z.object({
  tx: z.object({
    from: caipAddress.describe(
      'The token contract the approval is sent to (AppKit sends it to `tx.from`).',
    ),
    to: caipAddress.describe('The token contract too (AppKit estimates the gas against `tx.to`).'),
    data: z
      .string()
      .regex(/^0x[0-9a-f]*$/)
      .describe('`approve(spender, amount)`.'),
    value: wei,
    eip155: z.object({ gas: z.number().int(), gasPrice: wei }),
  }),
  spender: caipAddress.describe('Latch: the contract approved (the router).'),
  amount: wei.describe('Latch: the amount approved, in base units (2^256-1 when unlimited).'),
})
export type ConvertBuildApproveResponse = z.infer<typeof convertBuildApproveResponseSchema>

/** Body of `POST /v1/convert/build-transaction`. */
export const convertBuildTransactionBodySchema = z.object({
  projectId: z.string().optional(),
  amount: baseUnitAmountParam.describe("What is sold, in the `from` token's base units."),
  from: caipTokenParam.describe('The token sold (CAIP-10).'),
  to: caipTokenParam.describe('The token bought (CAIP-10).'),
  userAddress: accountIdParam.describe('The account that swaps and receives: address or CAIP-10.'),
  eip155: z
    .object({ slippage: slippageParam.optional(), permit: z.string().optional() })
    .optional()
    .describe('`slippage` in percent (default LATCH_SWAP_SLIPPAGE, 1).'),
  disableEstimate: z
    .boolean()
    .optional()
    .describe('Skip the simulation (eth_call) and the gas estimate: `gas` is then a default.'),
  toAmount: z
    .string()
    .regex(/^\d{1,78}$/, 'toAmount must be a whole number of base units.')
    .optional()
    .describe(
      'Latch: the quoted amount the user accepted; the minimum received is taken from it, so a price that moved beyond the slippage is refused before signing.',
    ),
})

export const convertBuildTransactionResponseSchema = z.object({
  tx: z.object({
    from: caipAddress.describe('The account that sends it (CAIP-10).'),
    to: caipAddress.describe('The router (CAIP-10).'),
    data: z.string().regex(/^0x[0-9a-f]*$/),
    amount: wei.describe('The amount of the `to` token expected, in base units.'),
    value: wei.describe(
      'Latch: the native coin sent with it, in wei (the amount, when selling the native coin).',
    ),
    eip155: z.object({ gas: wei, gasPrice: wei }),
  }),
  minimumReceived: wei.describe(
    'Latch: the least the swap pays out; less reverts on-chain and nothing is spent but gas.',
  ),
  slippage: z.number(),
  source: z.enum(['uniswap-v2', 'aggregator']),
  route: z.array(swapRouteTokenSchema),
  deadline: z
    .number()
    .int()
    .describe('Latch: the router refuses the swap after this time (Unix seconds).'),
  simulated: z
    .boolean()
    .describe(
      'Latch: whether the swap was simulated from the user and gas estimated (not with disableEstimate).',
    ),
})
export type ConvertBuildTransactionResponse = z.infer<typeof convertBuildTransactionResponseSchema>
