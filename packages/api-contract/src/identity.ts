import { z } from 'zod'
import { projectIdParam } from './params.ts'

/** Query of `GET /v1/identity/{address}` (spec section 7: sender param). */
export const identityQuerySchema = z.object({
  projectId: projectIdParam,
  sender: z
    .string()
    .optional()
    .describe(
      'The address asking (spec section 7; the reference client sends the connected account). It must be an address (400 otherwise). When it is the address itself, the answer skips the 5-minute cache, so an account sees its own new name or avatar at once; otherwise the answer is the same for everyone.',
    ),
})

/**
 * Name and avatar of an address (cached 5 min, spec section 9); null when it has none. The
 * avatar is its name's `avatar` attribute: an https URL (or an image URL on the API's origin).
 */
export const identityResponseSchema = z.object({
  name: z.string().nullable(),
  avatar: z.string().nullable(),
})
export type IdentityResponse = z.infer<typeof identityResponseSchema>
