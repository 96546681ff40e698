import { z } from 'zod'
import {
  deviceIdSchema,
  type EmailVerifyResponse,
  emailVerifyResponseSchema,
  socialProviderSchema,
} from './embeddedWallet.ts'

/**
 * Social sign-in into the embedded wallet (issue 13): OAuth 2 / OpenID Connect providers and
 * Sign In With Farcaster, under `/auth/v1/social/...` and `/auth/v1/farcaster/...`. Like the
 * email routes, they answer only the auth site's origin (the secure frame), except the
 * provider's redirect back (`GET /auth/v1/social/callback`), which is a top-level navigation.
 *
 * The frame binds every flow to itself with a flow secret: it sends only the secret's SHA-256
 * when it starts, and the secret itself when it finishes. A code or a Farcaster signature that
 * reaches another browser (a forged link, a shared QR code) finishes nothing there.
 */

/** Spec section 1: the social buttons, in the order the Connect view shows them. */
export const socialButtonOrder = [
  'google',
  'x',
  'discord',
  'farcaster',
  'github',
  'apple',
  'facebook',
] as const
export type SocialButton = (typeof socialButtonOrder)[number]

/** How long a started social or Farcaster sign-in can be finished, in ms. */
export const socialFlowTtlMs = 10 * 60 * 1000
/** How often the frame asks whether the Farcaster client signed, in ms. */
export const farcasterPollIntervalMs = 1_500

/** The frame's flow secret: 32 random bytes, base64url (43 characters). */
export const flowSecretSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{43}$/, 'flowSecret must be 32 bytes, base64url.')
/** SHA-256 of the flow secret's UTF-8 text, lowercase hex. */
export const flowSecretHashSchema = z
  .string()
  .regex(/^[0-9a-f]{64}$/, 'flowSecretHash must be 64 lowercase hex characters.')

/** An http(s) page origin, e.g. "https://app.example" (no path, no trailing slash). */
const originSchema = z
  .string()
  .max(2048)
  .regex(
    /^https?:\/\/(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$/,
    'appOrigin must be an http(s) origin.',
  )

/** The provider's answer on the redirect back: its query string, e.g. "?code=...&state=...". */
export const socialCallbackSchema = z
  .string()
  .max(4096, 'The callback is at most 4096 characters.')
  .regex(/^\?[^#\s]*$/, 'The callback is the query string the provider sent back.')

/**
 * `POST /auth/v1/social/start`: a new sign-in with `provider`. The API keeps the OAuth `state`,
 * `nonce` and PKCE verifier (made by its OpenID client library) with the flow, and answers the
 * provider's authorization URL. With `Authorization: Bearer <session>` it links the provider to
 * the signed-in user instead (`link: true`): linking is always this explicit call.
 */
export const socialStartBodySchema = z.object({
  projectId: z.string().min(1).max(64),
  provider: socialProviderSchema,
  deviceId: deviceIdSchema,
  flowSecretHash: flowSecretHashSchema,
  /** The page's origin (checked against the project's allowed origins): the popup answers it. */
  appOrigin: originSchema,
  /** Where the browser comes back when popups are blocked; must be on `appOrigin`. */
  returnUrl: z.string().max(2048),
  mode: z.enum(['popup', 'redirect']),
  link: z.boolean().optional(),
})
export type SocialStartBody = z.infer<typeof socialStartBodySchema>
export const socialStartResponseSchema = z.object({
  /** The provider's authorization URL (code flow, PKCE S256, state, nonce for OIDC). */
  uri: z.string(),
  state: z.string(),
})
export type SocialStartResponse = z.infer<typeof socialStartResponseSchema>

/**
 * What the callback page (`GET /auth/v1/social/callback`, on the API's origin) posts to the
 * page that opened the popup, at `appOrigin` only. Without an opener (popup blocked, or the
 * provider's page cut it off) the browser goes to `returnUrl` with `#latch-social=` and the
 * URI-encoded `search` instead.
 */
export const socialCallbackMessageSchema = z.object({
  type: z.literal('latch:social:callback'),
  state: z.string().max(256),
  search: socialCallbackSchema,
})
export type SocialCallbackMessage = z.infer<typeof socialCallbackMessageSchema>
/** The fragment key the redirect fallback brings the callback back in. */
export const socialCallbackFragmentKey = 'latch-social'

/** `POST /auth/v1/social/verify`: the provider's answer, from the frame that started the flow. */
export const socialVerifyBodySchema = z.object({
  projectId: z.string().min(1).max(64),
  provider: socialProviderSchema,
  deviceId: deviceIdSchema,
  flowSecret: flowSecretSchema,
  callback: socialCallbackSchema,
})
export type SocialVerifyBody = z.infer<typeof socialVerifyBodySchema>
/** A sign-in answers a session, as email's does; a link (Bearer) answers the user. */
export type SocialVerifyResponse = EmailVerifyResponse
/** The sign-in's answer (the same shape as `POST /auth/v1/email/verify`'s). */
export const socialVerifyResponseSchema = emailVerifyResponseSchema

/**
 * `POST /auth/v1/farcaster/start`: opens a channel at the Farcaster auth relay (FIP-11) for
 * this frame. The relay's channel token stays at the API.
 */
export const farcasterStartBodySchema = z.object({
  projectId: z.string().min(1).max(64),
  deviceId: deviceIdSchema,
  flowSecretHash: flowSecretHashSchema,
})
export type FarcasterStartBody = z.infer<typeof farcasterStartBodySchema>
export const farcasterStartResponseSchema = z.object({
  /** What the QR code and the deep link open in a Farcaster client. */
  url: z.string(),
  /** The API's id of this sign-in (not the relay's channel token). */
  channelId: z.string(),
  /** ISO 8601: after it the channel is gone. */
  expiresAt: z.string(),
})
export type FarcasterStartResponse = z.infer<typeof farcasterStartResponseSchema>

/**
 * `POST /auth/v1/farcaster/verify`: asks the relay once. `pending` until the Farcaster client
 * signed; then the signed message is checked (domain, nonce, expiry, signature, and the signer
 * is the FID's custody address in the IdRegistry) and a session opens.
 */
export const farcasterVerifyBodySchema = z.object({
  projectId: z.string().min(1).max(64),
  deviceId: deviceIdSchema,
  channelId: z.string().min(1).max(64),
  flowSecret: flowSecretSchema,
})
export type FarcasterVerifyBody = z.infer<typeof farcasterVerifyBodySchema>
/** Its answer: `pending` until the Farcaster client signed, then the session (as email's). */
export const farcasterVerifyResponseSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('pending') }),
  emailVerifyResponseSchema.extend({ status: z.literal('completed') }),
])
export type FarcasterVerifyResponse =
  | { status: 'pending' }
  | ({ status: 'completed' } & EmailVerifyResponse)

/** The error codes of the social routes (in `{ error: { code, message } }`). */
export const socialErrorCodes = [
  /** 404: this provider is not configured here. */
  'PROVIDER_NOT_CONFIGURED',
  /** 400: the person declined at the provider ('You declined the sign-in with {Provider}.'). */
  'SOCIAL_DENIED',
  /** 400: unknown or foreign state, wrong flow secret, device or provider: nothing is created. */
  'SOCIAL_STATE_MISMATCH',
  /** 400: the flow is used or older than 10 minutes, or the provider refused the code. */
  'SOCIAL_EXPIRED',
  /** 502: the provider (or the Farcaster relay, or its chain) did not answer as it should. */
  'PROVIDER_UNAVAILABLE',
  /** 400: the Farcaster message or signature does not hold (domain, nonce, custody address). */
  'FARCASTER_INVALID',
  /** 409: linking an identity that belongs to another user. */
  'IDENTITY_TAKEN',
] as const
export type SocialErrorCode = (typeof socialErrorCodes)[number]

/** How a provider is named in messages. */
export const socialProviderNames: Record<SocialButton, string> = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
}
