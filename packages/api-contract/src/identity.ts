import { z } from 'zod'
import { projectIdParam } from './params.ts'

/** Query of `GET /v1/identity/{address}` (spec section 7: sender param). */
export const identityQuerySchema = z.object({
  projectId: projectIdParam,
  sender: z.string().optional().describe('The address asking (spec section 7).'),
})

/** Name and avatar of an address (cached 5 min, spec section 9); null when it has none. */
export const identityResponseSchema = z.object({
  name: z.string().nullable(),
  avatar: z.string().nullable(),
})
export type IdentityResponse = z.infer<typeof identityResponseSchema>
