import { z } from 'zod'
import { address, httpUrl } from './fields.ts'

const tokenSchema = z.strictObject({
  address,
  name: z.string().min(1),
  symbol: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
  priceUsd: z.number().nonnegative().optional(),
})

const swapSchema = z.strictObject({
  /** UniswapV2Router02 (or a fork with its interface): quotes, approvals and swaps go to it. */
  uniswapV2Router: address,
  /** Its factory: where the pairs are found. */
  uniswapV2Factory: address,
  /** The router's WETH: the native coin is swapped as this token, and routes may pass through it. */
  weth: address,
  /** A stablecoin routes may pass through (USDC, say). */
  stable: address.optional(),
})

const bundlerName = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'Expected a bundler name like "pimlico" (a-z, 0-9, -).')

/**
 * ERC-4337 on a network (issue 15). The API's `POST /v1/bundler` forwards user operations to
 * one of `bundlers` (chosen by the `bundler` query parameter, the first by default) and
 * `POST /v1/paymaster` to `paymasterUrl` (ERC-7677). Both URLs are server-only: they may hold
 * provider keys. The embedded wallet offers smart accounts on the networks that have this.
 */
const accountAbstractionSchema = z.strictObject({
  /** EntryPoint v0.7 (the canonical address by default). */
  entryPoint: address.default('0x0000000071727De22E5E9d8BAf0edAc6f37da032'),
  /** SimpleAccountFactory v0.7 (the canonical address by default). */
  simpleAccountFactory: address.default('0x91E60e0613810449d098b0b5Ec8b51A0FE8c8985'),
  bundlers: z
    .array(z.strictObject({ name: bundlerName, url: httpUrl }))
    .min(1)
    .refine(
      (bundlers) => new Set(bundlers.map((entry) => entry.name)).size === bundlers.length,
      'Each bundler name once.',
    ),
  /** An ERC-7677 paymaster service that sponsors this network's user operations. */
  paymasterUrl: httpUrl.optional(),
})

/**
 * One EVM network of LATCH_NETWORKS. `namespace` is the CAIP-2 namespace ("eip155", the only
 * one so far; Solana and Bitcoin come later); without one a network is eip155, as before.
 */
export const eip155NetworkSchema = z
  .strictObject({
    namespace: z.literal('eip155', 'Expected "eip155" (the only namespace so far).').optional(),
    id: z.number().int().positive(),
    /** Accepted for the web server's older format; must be `eip155:{id}`. */
    caipNetworkId: z.string().optional(),
    name: z.string().min(1),
    /** Used by the server only; may hold a provider key. Never sent to the page. */
    rpcUrl: httpUrl,
    /** Accepted for older configs, advertised nowhere: clients get the API's JSON-RPC endpoint. */
    publicRpcUrl: httpUrl.optional(),
    nativeCurrency: z.strictObject({
      name: z.string().min(1),
      symbol: z.string().min(1),
      decimals: z.number().int().min(0).max(36),
    }),
    nativePriceUsd: z.number().nonnegative().optional(),
    blockExplorerUrl: httpUrl.optional(),
    testnet: z.boolean().optional(),
    /** Multicall3 address; the canonical 0xcA11bde05977b3631167028862bE2a173976CA11 by default. */
    multicall3: address.optional(),
    tokens: z.array(tokenSchema).optional(),
    /** How LATCH_PRICE_FEED_URL names this chain (its `{platform}`, e.g. "base"). */
    priceFeedPlatform: z
      .string()
      .regex(/^[\w.-]{1,64}$/, 'Expected a platform id like "base".')
      .optional(),
    /** The wrapped native coin (WETH): the price feed prices the native coin as this token. */
    wrappedNative: address.optional(),
    /**
     * A Uniswap V2 deployment swaps are quoted and built on (issue 14): its router, factory and
     * wrapped native coin, and optionally a stablecoin routes may pass through.
     */
    swap: swapSchema.optional(),
    /** ERC-4337 bundlers and a paymaster (issue 15): smart accounts on this network. */
    accountAbstraction: accountAbstractionSchema.optional(),
  })
  .superRefine((network, ctx) => {
    if (network.caipNetworkId !== undefined && network.caipNetworkId !== `eip155:${network.id}`)
      ctx.addIssue({
        code: 'custom',
        path: ['caipNetworkId'],
        message: `Expected "eip155:${network.id}".`,
      })
  })
  .transform(({ caipNetworkId: _caip, namespace: _namespace, ...network }) => ({
    namespace: 'eip155' as const,
    ...network,
  }))

/** A network as configured (today only eip155). */
export const networkSchema = eip155NetworkSchema
export type NetworkInput = z.input<typeof networkSchema>
export type Network = z.output<typeof networkSchema>

/** LATCH_NETWORKS: a JSON array of networks, at least one, each id once. */
export const networksJsonSchema = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown
    } catch {
      ctx.addIssue({ code: 'custom', message: 'Expected a JSON array of networks.' })
      return z.NEVER
    }
  })
  .pipe(
    z
      .array(networkSchema, 'Expected a JSON array of networks.')
      .min(1, 'Expected at least one network.')
      .refine(
        (networks) =>
          new Set(networks.map((network) => `${network.namespace}:${network.id}`)).size ===
          networks.length,
        'Each network id must appear once.',
      ),
  )
