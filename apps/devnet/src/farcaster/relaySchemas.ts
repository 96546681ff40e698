import { z } from 'zod'

/** An ISO 8601 date-time, as the relay's callers send `notBefore` and `expirationTime`. */
const isoDateTime = z.iso.datetime({ offset: true })

/**
 * `POST /v1/channel`, as Farcaster's auth relay takes it (FIP-11): the app's sign-in URI and
 * domain, and the SIWE fields it wants in the message.
 */
export const createChannelBodySchema = z.strictObject({
  siweUri: z.url().max(512),
  domain: z
    .string()
    .min(1)
    .max(255)
    .regex(/^[A-Za-z0-9.-]+(:\d{1,5})?$/, 'domain must be a host name with an optional port.'),
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9]{8,96}$/, 'nonce must be 8 to 96 letters or digits.')
    .optional(),
  notBefore: isoDateTime.optional(),
  expirationTime: isoDateTime.optional(),
  requestId: z.string().min(1).max(128).optional(),
})
export type CreateChannelBody = z.infer<typeof createChannelBodySchema>

/**
 * `POST /v1/channel/authenticate`: what a Farcaster client sends once the person signed (the
 * EIP-4361 message, its signature, and the profile it shows the app).
 */
export const authenticateBodySchema = z.strictObject({
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[0-9a-fA-F]{130,1024}$/, 'signature must be 0x-prefixed hex.'),
  fid: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  username: z.string().max(64),
  displayName: z.string().max(128),
  bio: z.string().max(512),
  pfpUrl: z.string().max(1024),
})
export type AuthenticateBody = z.infer<typeof authenticateBodySchema>

/** The test client page's form: which test user signs, for which channel. */
export const signFormSchema = z.object({
  channelToken: z.string().min(1).max(128),
  fid: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
})

/** What `GET /v1/channel/status` answers (the relay's `state` and, once completed, the rest). */
export const channelStatusSchema = z.object({
  state: z.enum(['pending', 'completed']),
  nonce: z.string(),
  url: z.string(),
  message: z.string().optional(),
  signature: z.string().optional(),
  fid: z.number().optional(),
  username: z.string().optional(),
  displayName: z.string().optional(),
  bio: z.string().optional(),
  pfpUrl: z.string().optional(),
  custody: z.string().optional(),
})
export type ChannelStatus = z.infer<typeof channelStatusSchema>
