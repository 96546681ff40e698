import { z } from 'zod'

/** A network as the API describes it (spec section 3, Network). */
export const networkSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  caipNetworkId: z.string(),
  chainNamespace: z.literal('eip155'),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  rpcUrls: z.object({ default: z.object({ http: z.array(z.string().url()).min(1) }) }),
  blockExplorers: z
    .object({ default: z.object({ name: z.string(), url: z.string().url() }) })
    .optional(),
  testnet: z.boolean(),
  /**
   * ERC-4337 on this network (issue 15): the EntryPoint and SimpleAccountFactory smart
   * accounts use, and whether the API's `/v1/paymaster` sponsors gas here. Absent: no smart
   * accounts on this network.
   */
  smartAccounts: z
    .object({
      entryPoint: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
      simpleAccountFactory: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
      paymaster: z.boolean(),
    })
    .optional(),
})
export type Network = z.infer<typeof networkSchema>

/**
 * A Solana or Bitcoin network the API serves (issue 16): its CAIP-2 id and reference (`id`),
 * name and currency. Balances and activity come from `/v1/account/{address}/*` with this
 * `caipNetworkId` as `chainId`; its node URL is the server's only.
 */
export const namespaceNetworkSchema = z.object({
  id: z.string().describe('The CAIP-2 reference (a genesis hash prefix).'),
  name: z.string(),
  caipNetworkId: z.string(),
  chainNamespace: z.enum(['solana', 'bip122']),
  nativeCurrency: z.object({ name: z.string(), symbol: z.string(), decimals: z.number().int() }),
  blockExplorers: z
    .object({ default: z.object({ name: z.string(), url: z.string().url() }) })
    .optional(),
  testnet: z.boolean(),
})
export type NamespaceNetwork = z.infer<typeof namespaceNetworkSchema>

/**
 * `GET /v1/supported-chains`: Latch's `networks`, and the reference client's shape (AppKit's
 * API client checks `http.includes(caipNetworkId)`): the CAIP-2 ids served over HTTP and over
 * WebSocket (none: the API has no WebSocket RPC).
 */
export const supportedChainsResponseSchema = z.object({
  networks: z.array(networkSchema).describe('The EVM networks (eip155).'),
  namespaceNetworks: z
    .array(namespaceNetworkSchema)
    .default([])
    .describe('The Solana and Bitcoin networks (namespaces solana and bip122).'),
  http: z.array(z.string()).describe('CAIP-2 ids of the chains served over HTTP.'),
  ws: z.array(z.string()).describe('CAIP-2 ids of the chains served over WebSocket (none yet).'),
})
export type SupportedChainsResponse = z.infer<typeof supportedChainsResponseSchema>
