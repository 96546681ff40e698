import { z } from 'zod'

/** Query of `GET /v1/identity/{address}` (spec section 7: sender param). */
export const identityQuerySchema = z.object({
  projectId: z.string().min(1, 'A projectId is required.'),
  sender: z.string().optional(),
})

/** Name and avatar of an address (cached 5 min, spec section 9); null when it has none. */
export const identityResponseSchema = z.object({
  name: z.string().nullable(),
  avatar: z.string().nullable(),
})
export type IdentityResponse = z.infer<typeof identityResponseSchema>
