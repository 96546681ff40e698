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
})
export type Network = z.infer<typeof networkSchema>

/** `GET /v1/supported-chains` */
export const supportedChainsResponseSchema = z.object({
  networks: z.array(networkSchema),
})
export type SupportedChainsResponse = z.infer<typeof supportedChainsResponseSchema>
