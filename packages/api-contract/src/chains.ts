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
 * `GET /v1/supported-chains`: Latch's `networks`, and the reference client's shape (AppKit's
 * API client checks `http.includes(caipNetworkId)`): the CAIP-2 ids served over HTTP and over
 * WebSocket (none: the API has no WebSocket RPC).
 */
export const supportedChainsResponseSchema = z.object({
  networks: z.array(networkSchema),
  http: z.array(z.string()).describe('CAIP-2 ids of the chains served over HTTP.'),
  ws: z.array(z.string()).describe('CAIP-2 ids of the chains served over WebSocket (none yet).'),
})
export type SupportedChainsResponse = z.infer<typeof supportedChainsResponseSchema>
