import { z } from 'zod'

/** `GET /projects/v1/origins` (spec section 6/7): the origins allowed for the project. */
export const projectOriginsResponseSchema = z.object({
  allowedOrigins: z.array(z.string()),
})
export type ProjectOriginsResponse = z.infer<typeof projectOriginsResponseSchema>
