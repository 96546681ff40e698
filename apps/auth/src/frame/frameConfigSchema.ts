import { z } from 'zod'

/** The id of the JSON block in the frame page that carries its config. */
export const frameConfigElementId = 'latch-frame-config'

/**
 * What the auth site tells the frame in its page (`<script type="application/json"
 * id="latch-frame-config">`): the project it serves, where the API is, and which pages may
 * talk to it (the API's origin patterns, the same list as the CSP's frame-ancestors).
 */
export const frameConfigSchema = z.object({
  projectId: z.string().regex(/^[\w-]{1,128}$/),
  apiUrl: z.url(),
  allowedOrigins: z.array(z.string()).min(1),
})
export type FrameConfig = z.infer<typeof frameConfigSchema>
