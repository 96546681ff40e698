import { z } from 'zod'
import { address, httpUrl, wsUrl } from './fields.ts'

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

/** A base58 Solana address (32 bytes: 32 to 44 characters). */
const solanaAddress = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'Expected a base58 Solana address (32 bytes).')

/**
 * The spec's public Solana networks: a configuration names one as `preset` and gives its RPC
 * URL (a provider's, or the public one); id, name and currency come from here.
 */
export const solanaPresets = {
  mainnet: {
    id: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    name: 'Solana',
    testnet: false,
    blockExplorerUrl: 'https://solscan.io',
  },
  devnet: {
    id: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
    name: 'Solana Devnet',
    testnet: true,
    blockExplorerUrl: 'https://solscan.io/?cluster=devnet',
  },
  testnet: {
    id: '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    name: 'Solana Testnet',
    testnet: true,
    blockExplorerUrl: 'https://solscan.io/?cluster=testnet',
  },
} as const

/** The spec's public Bitcoin networks, named by `preset` like `solanaPresets`. */
export const bitcoinPresets = {
  mainnet: {
    id: '000000000019d6689c085ae165831e93',
    name: 'Bitcoin',
    network: 'mainnet',
    testnet: false,
    blockExplorerUrl: 'https://mempool.space',
  },
  testnet: {
    id: '000000000933ea01ad0ee984209779ba',
    name: 'Bitcoin Testnet',
    network: 'testnet',
    testnet: true,
    blockExplorerUrl: 'https://mempool.space/testnet',
  },
} as const

const solanaIdMessage =
  'Expected a CAIP-2 Solana reference: the first 32 base58 characters of the genesis hash.'
const bitcoinIdMessage =
  'Expected a CAIP-2 Bitcoin reference: the first 32 hex digits of the genesis block hash.'

const solanaTokenSchema = z.strictObject({
  /** The SPL mint. */
  mint: solanaAddress,
  name: z.string().min(1),
  symbol: z.string().min(1),
  decimals: z.number().int().min(0).max(36),
  priceUsd: z.number().nonnegative().optional(),
})

/**
 * A Solana network of LATCH_NETWORKS (issue 16): `id` is the CAIP-2 reference (the first 32
 * characters of the genesis hash), or `preset` names one of the spec's networks. `rpcUrl` (and
 * `wsUrl`) are the server's only: a provider's URL may hold a key.
 */
export const solanaNetworkSchema = z
  .strictObject({
    namespace: z.literal('solana'),
    preset: z
      .enum(['mainnet', 'devnet', 'testnet'], 'Expected mainnet, devnet or testnet.')
      .optional(),
    id: z
      .string(solanaIdMessage)
      .regex(/^[1-9A-HJ-NP-Za-km-z]{32}$/, solanaIdMessage)
      .optional(),
    name: z.string().min(1).optional(),
    rpcUrl: httpUrl,
    wsUrl: wsUrl.optional(),
    nativeCurrency: z
      .strictObject({
        name: z.string().min(1),
        symbol: z.string().min(1),
        decimals: z.number().int().min(0).max(36),
      })
      .optional(),
    nativePriceUsd: z.number().nonnegative().optional(),
    blockExplorerUrl: httpUrl.optional(),
    testnet: z.boolean().optional(),
    /** SPL tokens whose balances are reported. */
    tokens: z.array(solanaTokenSchema).optional(),
  })
  .superRefine((network, ctx) => {
    const preset = network.preset ? solanaPresets[network.preset] : undefined
    if (!preset && network.id === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'Expected an id or a preset.' })
    if (preset && network.id !== undefined && network.id !== preset.id)
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: `Expected "${preset.id}" (Solana ${network.preset}) or no id.`,
      })
  })
  .transform(({ preset: presetName, ...network }) => {
    const preset = presetName ? solanaPresets[presetName] : undefined
    const id = network.id ?? preset?.id ?? ''
    // A public cluster named by its id has its preset's explorer too (a transaction is
    // `/tx/{signature}` on it, the cluster kept in the query).
    const known = Object.values(solanaPresets).find((candidate) => candidate.id === id)
    const blockExplorerUrl = network.blockExplorerUrl ?? known?.blockExplorerUrl
    return {
      ...network,
      ...(blockExplorerUrl ? { blockExplorerUrl } : {}),
      namespace: 'solana' as const,
      id,
      caipNetworkId: `solana:${id}` as const,
      name: network.name ?? preset?.name ?? `Solana ${id.slice(0, 8)}`,
      nativeCurrency: network.nativeCurrency ?? { name: 'Solana', symbol: 'SOL', decimals: 9 },
      testnet: network.testnet ?? preset?.testnet ?? false,
      tokens: network.tokens ?? [],
    }
  })

/**
 * A Bitcoin network of LATCH_NETWORKS (issue 16): `id` is the CAIP-2 reference (the first 32
 * hex digits of the genesis block hash), or `preset` names mainnet or testnet; `network` says
 * which addresses belong to it. Balances and activity come from an Esplora REST API
 * (`esploraUrl`, server-only).
 */
export const bitcoinNetworkSchema = z
  .strictObject({
    namespace: z.literal('bip122'),
    preset: z.enum(['mainnet', 'testnet'], 'Expected mainnet or testnet.').optional(),
    id: z
      .string(bitcoinIdMessage)
      .regex(/^[0-9a-f]{32}$/, bitcoinIdMessage)
      .optional(),
    name: z.string().min(1).optional(),
    esploraUrl: httpUrl,
    network: z
      .enum(['mainnet', 'testnet', 'regtest'], 'Expected mainnet, testnet or regtest.')
      .optional(),
    nativePriceUsd: z.number().nonnegative().optional(),
    blockExplorerUrl: httpUrl.optional(),
    testnet: z.boolean().optional(),
  })
  .superRefine((network, ctx) => {
    const preset = network.preset ? bitcoinPresets[network.preset] : undefined
    if (!preset && network.id === undefined)
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'Expected an id or a preset.' })
    if (!preset && network.network === undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['network'],
        message: 'Expected mainnet, testnet or regtest (or a preset).',
      })
    if (preset && network.id !== undefined && network.id !== preset.id)
      ctx.addIssue({
        code: 'custom',
        path: ['id'],
        message: `Expected "${preset.id}" (Bitcoin ${network.preset}) or no id.`,
      })
    if (preset && network.network !== undefined && network.network !== preset.network)
      ctx.addIssue({
        code: 'custom',
        path: ['network'],
        message: `Expected "${preset.network}" (Bitcoin ${network.preset}) or no network.`,
      })
  })
  .transform(({ preset: presetName, ...network }) => {
    const preset = presetName ? bitcoinPresets[presetName] : undefined
    const id = network.id ?? preset?.id ?? ''
    const known = Object.values(bitcoinPresets).find((candidate) => candidate.id === id)
    const blockExplorerUrl = network.blockExplorerUrl ?? known?.blockExplorerUrl
    const bitcoinNetwork = network.network ?? preset?.network ?? 'mainnet'
    return {
      ...network,
      ...(blockExplorerUrl ? { blockExplorerUrl } : {}),
      namespace: 'bip122' as const,
      id,
      caipNetworkId: `bip122:${id}` as const,
      name: network.name ?? preset?.name ?? `Bitcoin ${bitcoinNetwork}`,
      network: bitcoinNetwork,
      nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
      testnet: network.testnet ?? preset?.testnet ?? bitcoinNetwork !== 'mainnet',
    }
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
 * One EVM network of LATCH_NETWORKS. `namespace` is the CAIP-2 namespace; without one a
 * network is eip155, as before Solana and Bitcoin (`solanaNetworkSchema`, `bitcoinNetworkSchema`).
 */
export const eip155NetworkSchema = z
  .strictObject({
    namespace: z.literal('eip155').optional(),
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

export type Eip155Network = z.output<typeof eip155NetworkSchema>
export type SolanaNetwork = z.output<typeof solanaNetworkSchema>
export type BitcoinNetwork = z.output<typeof bitcoinNetworkSchema>

/** A network as configured: eip155 (the default namespace), solana or bip122. */
export const networkSchema = z.unknown().transform((value, ctx) => {
  const namespace =
    typeof value === 'object' && value !== null && 'namespace' in value
      ? (value as { namespace: unknown }).namespace
      : 'eip155'
  const schema =
    namespace === 'eip155'
      ? eip155NetworkSchema
      : namespace === 'solana'
        ? solanaNetworkSchema
        : namespace === 'bip122'
          ? bitcoinNetworkSchema
          : undefined
  if (!schema) {
    ctx.addIssue({
      code: 'custom',
      path: ['namespace'],
      message: 'Expected "eip155" (the default), "solana" or "bip122".',
    })
    return z.NEVER
  }
  const result = schema.safeParse(value)
  if (result.success) return result.data as Eip155Network | SolanaNetwork | BitcoinNetwork
  for (const issue of result.error.issues)
    ctx.addIssue({ ...issue, path: issue.path } as Parameters<typeof ctx.addIssue>[0])
  return z.NEVER
})
export type NetworkInput =
  | z.input<typeof eip155NetworkSchema>
  | z.input<typeof solanaNetworkSchema>
  | z.input<typeof bitcoinNetworkSchema>
export type Network = Eip155Network | SolanaNetwork | BitcoinNetwork

/** Whether a configured network is an EVM one (`namespace` "eip155"). */
export function isEip155Network(network: Network): network is Eip155Network {
  return network.namespace === 'eip155'
}

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
