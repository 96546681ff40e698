import { z } from 'zod'

/**
 * The embedded wallet's HTTP API (`/auth/v1/...`): called only by the secure frame, from the
 * auth site's origin (`LATCH_AUTH_URL`), never by the app's page. A session token from
 * `POST /auth/v1/email/verify` goes in `Authorization: Bearer <token>`.
 */

/** Spec section 5: "email must be a valid address". Lower-cased and trimmed. */
export const embeddedEmailSchema = z
  .string()
  .trim()
  .max(254, 'Enter a valid email address.')
  .pipe(z.email('Enter a valid email address.'))
  .transform((email) => email.toLowerCase())

/** The frame's random device id (kept in the frame's own storage). */
export const deviceIdSchema = z
  .string()
  .regex(/^[0-9a-f]{32}$/, 'deviceId must be 32 lowercase hex characters.')

/** A one-time code: 6 digits. */
export const otpSchema = z.string().regex(/^\d{6}$/, 'The code is 6 digits.')

/** How long a one-time code can be used, in ms. */
export const otpTtlMs = 10 * 60 * 1000
/** Wrong tries a code allows before it is spent. */
export const otpMaxAttempts = 5
/** Spec section 5 and 9: a new email attempt within 30 s is refused. */
export const emailCooldownMs = 30_000
/** How long a device-approval link can be used, in ms. */
export const deviceApprovalTtlMs = 15 * 60 * 1000
/** How long an embedded-wallet session lasts, in ms. */
export const embeddedSessionTtlMs = 7 * 24 * 60 * 60 * 1000

/** A key share or a sealed share, base64 (standard alphabet), at most 4 KiB. */
export const shareSchema = z
  .string()
  .max(4096, 'A share is at most 4096 characters.')
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'A share is base64.')

/** The next step of an email sign-in (spec section 5: device-verification actions). */
export const emailActionSchema = z.enum(['VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT'])
export type EmailAction = z.infer<typeof emailActionSchema>

/** `POST /auth/v1/email/start`: sends a code, or a device-approval link to a known user's new device. */
export const emailStartBodySchema = z.object({
  projectId: z.string().min(1),
  email: embeddedEmailSchema,
  deviceId: deviceIdSchema,
})
export type EmailStartBody = z.infer<typeof emailStartBodySchema>
export const emailStartResponseSchema = z.object({
  action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']),
})

/** `POST /auth/v1/email/verify`: the code from the email; answers a session. */
export const emailVerifyBodySchema = z.object({
  projectId: z.string().min(1),
  email: embeddedEmailSchema,
  deviceId: deviceIdSchema,
  otp: otpSchema,
})
export type EmailVerifyBody = z.infer<typeof emailVerifyBodySchema>

/** Spec section 5: the OAuth providers an embedded wallet accepts (Farcaster is separate). */
export const socialProviderSchema = z.enum([
  'google',
  'github',
  'apple',
  'facebook',
  'x',
  'discord',
])
export type SocialProvider = z.infer<typeof socialProviderSchema>

/** The ways an embedded-wallet session can be opened: email, an OAuth provider, Farcaster. */
export const signInMethodSchema = z.enum(['email', ...socialProviderSchema.options, 'farcaster'])
export type SignInMethod = z.infer<typeof signInMethodSchema>

/** The signed-in user as the frame sees it. Shares only ever go to an authenticated frame. */
export const authUserSchema = z.object({
  id: z.string(),
  /** Null for a social account that shared no email. */
  email: z.string().nullable(),
  /** The social username of the identity this session signed in with (null for email). */
  username: z.string().nullable(),
  /** How this session was opened. */
  signInMethod: signInMethodSchema,
  /** The wallet's address (EIP-55), once the frame created it. */
  address: z.string().nullable(),
  /** The auth share, decrypted for this session; null before the wallet exists. */
  authShare: shareSchema.nullable(),
  /** The recovery share sealed by the user's passphrase; the server cannot open it. */
  sealedRecoveryShare: shareSchema.nullable(),
})
export type AuthUser = z.infer<typeof authUserSchema>

export const emailVerifyResponseSchema = z.object({
  token: z.string(),
  /** ISO 8601. */
  expiresAt: z.string(),
  user: authUserSchema,
})
export type EmailVerifyResponse = z.infer<typeof emailVerifyResponseSchema>

/** `POST /auth/v1/wallet`: records the new wallet's address and shares (once per user). */
export const createWalletBodySchema = z.object({
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, 'address must be 0x and 40 hex digits.'),
  authShare: shareSchema,
  sealedRecoveryShare: shareSchema,
})
export type CreateWalletBody = z.infer<typeof createWalletBodySchema>

/** `POST /auth/v1/email/update`: starts changing the email; codes go to both addresses. */
export const updateEmailBodySchema = z.object({ email: embeddedEmailSchema })
export const updateEmailResponseSchema = z.object({
  action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']),
})
/** `POST /auth/v1/email/update/primary` and `.../secondary`: the code each address got. */
export const updateEmailOtpBodySchema = z.object({ otp: otpSchema })

/** `POST /auth/v1/export/verify`: a fresh code before the frame shows the private key. */
export const exportVerifyBodySchema = z.object({ otp: otpSchema })

export const okResponseSchema = z.object({ ok: z.literal(true) })

/** The error codes of `/auth/v1` (in `{ error: { code, message } }`). */
export const embeddedWalletErrorCodes = [
  /** 429: 'Please try again after {n} seconds'; `retryAfterSeconds` in the error. */
  'EMAIL_COOLDOWN',
  /** 400: wrong code (tries left in the message). */
  'INVALID_OTP',
  /** 400: no code, spent, expired or out of tries: ask for a new one. */
  'OTP_EXPIRED',
  /** 403: this device is not approved yet (click the link in the email). */
  'DEVICE_NOT_APPROVED',
  /** 401: no session, expired or signed out. */
  'SESSION_EXPIRED',
  /** 403: not called from the auth site's origin. */
  'ORIGIN_NOT_ALLOWED',
  /** 409: the user already has a wallet. */
  'WALLET_EXISTS',
  /** 409: that email belongs to another user. */
  'EMAIL_TAKEN',
] as const
export type EmbeddedWalletErrorCode = (typeof embeddedWalletErrorCodes)[number]
