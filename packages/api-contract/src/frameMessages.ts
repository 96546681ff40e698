import { z } from 'zod'
import {
  embeddedEmailSchema,
  otpSchema,
  signInMethodSchema,
  socialProviderSchema,
} from './embeddedWallet.ts'
import { socialCallbackSchema } from './socialSignIn.ts'

/**
 * The messages between the app's page and the embedded wallet's secure frame (spec section 7,
 * "Embedded auth frame messages"), sent with `postMessage`. Each side parses every message it
 * receives with these schemas, after checking its origin and source window, and ignores the
 * rest. The app asks (`frameRequestSchema`), the frame answers (`frameResponseSchema`) with
 * the request's id, and tells of changes (`frameEventSchema`).
 */

const chainIdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const requestId = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/)

/** A Solana network's CAIP-2 id (the genesis hash's first 32 base58 characters). */
const solanaCaipNetworkIdSchema = z.string().regex(/^solana:[1-9A-HJ-NP-Za-km-z]{32}$/)
/** A Solana address: base58 of 32 bytes. */
const solanaAddressSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
/** An ed25519 signature in base58 (64 bytes). */
const solanaSignatureSchema = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)

/**
 * A Solana network of the app (issue 16): the embedded wallet's Solana account signs for these
 * only, and sends through `rpcUrl` (the app's Solana RPC, as the page has it; the frame's
 * security policy lets it reach the API's origin only). Without one it signs but cannot send.
 */
export const frameSolanaNetworkSchema = z.object({
  caipNetworkId: solanaCaipNetworkIdSchema,
  rpcUrl: z.url().max(2048).optional(),
})

/** App metadata (spec section 3), for the frame's confirmations. */
export const dappDataSchema = z.object({
  name: z.string().max(100),
  description: z.string().max(500).optional(),
  url: z.string().max(2048),
  icons: z.array(z.string().max(2048)).max(4),
})

/** The JSON-RPC methods the frame signs or sends (others go to the app's RPC endpoint). */
export const frameRpcMethods = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
] as const
export type FrameRpcMethod = (typeof frameRpcMethods)[number]

const hexSchema = z.string().regex(/^0x[0-9a-fA-F]*$/)
const addressSchema = z.string().regex(/^0x[0-9a-fA-F]{40}$/)
const chainIdHexSchema = z.string().regex(/^0x[0-9a-fA-F]{1,16}$/)
/** A call batch's id: the wallet's own (64 hex) or one the app chose (EIP-5792). */
const callsIdSchema = z.string().min(1).max(128)

/** One call of a `wallet_sendCalls` batch (EIP-5792). */
export const walletCallSchema = z.object({
  to: addressSchema.optional(),
  data: hexSchema.max(262_146).optional(),
  value: hexSchema.max(66).optional(),
  capabilities: z.record(z.string(), z.unknown()).optional(),
})

/**
 * The params of the EIP-5792 methods the frame answers, checked before the frame acts on them
 * (the other methods' params are checked by the frame's own handler).
 */
export const walletCallsParamsSchemas = {
  /** [address, chainIds?]: the address is required (spec section 5). */
  wallet_getCapabilities: z.union([
    z.tuple([addressSchema]),
    z.tuple([addressSchema, z.array(chainIdHexSchema).max(32)]),
  ]),
  wallet_sendCalls: z.tuple([
    z.object({
      version: z.string().max(16),
      id: callsIdSchema.optional(),
      from: addressSchema.optional(),
      chainId: chainIdHexSchema,
      atomicRequired: z.boolean().default(false),
      calls: z.array(walletCallSchema).min(1).max(16),
      capabilities: z.record(z.string(), z.unknown()).optional(),
    }),
  ]),
  wallet_getCallsStatus: z.tuple([callsIdSchema]),
  wallet_showCallsStatus: z.tuple([callsIdSchema]),
} as const
export type WalletCallsParams<method extends keyof typeof walletCallsParamsSchemas> = z.infer<
  (typeof walletCallsParamsSchemas)[method]
>

/** EIP-5792 v2 `wallet_getCallsStatus` answer (status 100 pending, 200 confirmed, 400 not sent, 500 reverted, 600 partly reverted). */
export const walletCallsStatusSchema = z.object({
  version: z.literal('2.0.0'),
  id: callsIdSchema,
  chainId: chainIdHexSchema,
  status: z.union([z.literal(100), z.literal(200), z.literal(400), z.literal(500), z.literal(600)]),
  atomic: z.boolean(),
  receipts: z
    .array(
      z.object({
        logs: z.array(
          z.object({ address: addressSchema, data: hexSchema, topics: z.array(hexSchema) }),
        ),
        status: hexSchema,
        blockHash: hexSchema,
        blockNumber: hexSchema,
        gasUsed: hexSchema,
        transactionHash: hexSchema,
      }),
    )
    .optional(),
})
export type WalletCallsStatus = z.infer<typeof walletCallsStatusSchema>

/** Every request the app may send, by method. */
export const frameRequestParamsSchemas = {
  connectEmail: z.object({ email: embeddedEmailSchema }),
  /** After the device-approval link was followed: try the email again. */
  connectDevice: z.object({}),
  connectOtp: z.object({ otp: otpSchema }),
  /**
   * Starts a social sign-in: the frame makes a flow secret, keeps it (IndexedDB, 10 minutes)
   * and answers the provider's authorization URL for the popup (or the redirect when popups
   * are blocked; the browser comes back to `returnUrl`, which must be on the page's origin).
   */
  getSocialRedirectUri: z.object({
    provider: socialProviderSchema,
    mode: z.enum(['popup', 'redirect']),
    returnUrl: z.string().max(2048),
  }),
  /** Finishes it with the provider's answer (`uri`: the callback's query string). */
  connectSocial: z.object({ provider: socialProviderSchema, uri: socialCallbackSchema }),
  /** Opens a Farcaster relay channel: the URL for the QR code and the deep link. */
  getFarcasterUri: z.object({}),
  /** Waits (polling the API) until the Farcaster client signed, then opens the session. */
  connectFarcaster: z.object({}),
  /** Whether this frame holds a session (a reload restores it without a prompt). */
  isConnected: z.object({}),
  getUser: z.object({ chainId: chainIdSchema.optional() }),
  switchNetwork: z.object({ chainId: chainIdSchema }),
  updateEmail: z.object({ email: embeddedEmailSchema }),
  updateEmailPrimaryOtp: z.object({ otp: otpSchema }),
  updateEmailSecondaryOtp: z.object({ otp: otpSchema }),
  signOut: z.object({}),
  /**
   * One JSON-RPC request the wallet answers. The EIP-5792 methods' params are checked by the
   * frame with `walletCallsParamsSchemas` (answered -32602 with the reason when they fail).
   */
  rpcRequest: z.object({
    chainId: chainIdSchema,
    method: z.enum(frameRpcMethods),
    params: z.array(z.unknown()).max(8).optional(),
  }),
  syncTheme: z.object({ themeMode: z.enum(['light', 'dark']) }),
  syncDappData: z.object({
    metadata: dappDataSchema,
    projectId: z.string().min(1).max(64),
    sdkVersion: z.string().max(64),
    /** The app's networks: the frame signs for these only. */
    chainIds: z.array(chainIdSchema).min(1).max(32),
    /** The app's Solana networks: with any, the wallet has a Solana account too. */
    solanaNetworks: z.array(frameSolanaNetworkSchema).max(8).optional(),
  }),
  setPreferredAccount: z.object({ type: z.enum(['eoa', 'smartAccount']) }),
  getSmartAccountEnabledNetworks: z.object({}),
  /** Shows the private key inside the frame after a fresh code; the key never leaves it. */
  exportKey: z.object({}),
  /** The Solana account signs a text message (ed25519), after the frame's confirmation. */
  solanaSignMessage: z.object({
    caipNetworkId: solanaCaipNetworkIdSchema,
    address: solanaAddressSchema,
    message: z.string().min(1).max(8192),
  }),
  /**
   * The Solana account signs a transaction (wire format, base64; a packet is at most 1232
   * bytes) and sends it to the network, after the frame decoded and showed what it does.
   */
  solanaSignAndSendTransaction: z.object({
    caipNetworkId: solanaCaipNetworkIdSchema,
    address: solanaAddressSchema,
    transaction: z
      .string()
      .max(1644)
      .regex(/^[A-Za-z0-9+/]+={0,2}$/),
  }),
} as const

export type FrameMethod = keyof typeof frameRequestParamsSchemas
export type FrameRequestParams<method extends FrameMethod> = z.infer<
  (typeof frameRequestParamsSchemas)[method]
>

export const frameRequestSchema = z.discriminatedUnion(
  'method',
  Object.entries(frameRequestParamsSchemas).map(([method, params]) =>
    z.object({
      type: z.literal('latch:frame:request'),
      id: requestId,
      method: z.literal(method),
      params,
    }),
  ) as unknown as [z.ZodObject, ...z.ZodObject[]],
)
export type FrameRequest = {
  [method in FrameMethod]: {
    type: 'latch:frame:request'
    id: string
    method: method
    params: FrameRequestParams<method>
  }
}[FrameMethod]

/** The signed-in user (spec section 3, Auth user). */
export const frameUserSchema = z.object({
  /** Null for a social account that shared no email. */
  email: z.string().nullable(),
  /** The social username of the session's sign-in (null for email). */
  username: z.string().max(256).nullable(),
  signInMethod: signInMethodSchema,
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  chainId: chainIdSchema,
  preferredAccountType: z.enum(['eoa', 'smartAccount']),
  accounts: z.array(
    z.object({
      address: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
      type: z.enum(['eoa', 'smartAccount']),
    }),
  ),
  /** The wallet's Solana account (base58), when the app has Solana networks. */
  solanaAddress: solanaAddressSchema.optional(),
})
export type FrameUser = z.infer<typeof frameUserSchema>

/** What each method answers. */
export const frameResultSchemas = {
  connectEmail: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) }),
  connectDevice: z.object({ action: z.enum(['VERIFY_DEVICE', 'VERIFY_OTP']) }),
  connectOtp: z.object({ action: z.literal('CONNECT') }),
  getSocialRedirectUri: z.object({ uri: z.string() }),
  connectSocial: z.object({ action: z.literal('CONNECT') }),
  getFarcasterUri: z.object({ url: z.string() }),
  connectFarcaster: z.object({ action: z.literal('CONNECT') }),
  isConnected: z.object({ isConnected: z.boolean() }),
  getUser: frameUserSchema,
  switchNetwork: z.object({ chainId: chainIdSchema }),
  updateEmail: z.object({ action: z.enum(['VERIFY_PRIMARY_OTP', 'VERIFY_SECONDARY_OTP']) }),
  updateEmailPrimaryOtp: z.object({ action: z.literal('VERIFY_SECONDARY_OTP') }),
  updateEmailSecondaryOtp: z.object({ email: z.string() }),
  signOut: z.object({}),
  rpcRequest: z.object({ result: z.unknown() }),
  syncTheme: z.object({}),
  syncDappData: z.object({}),
  setPreferredAccount: z.object({ type: z.enum(['eoa', 'smartAccount']) }),
  getSmartAccountEnabledNetworks: z.object({ chainIds: z.array(chainIdSchema) }),
  exportKey: z.object({}),
  solanaSignMessage: z.object({ signature: solanaSignatureSchema }),
  solanaSignAndSendTransaction: z.object({ signature: solanaSignatureSchema }),
} as const satisfies Record<FrameMethod, z.ZodType>
export type FrameResult<method extends FrameMethod> = z.infer<(typeof frameResultSchemas)[method]>

/**
 * A failure the frame reports. `code` is an EIP-1193 code for RPC requests (4001 rejected by
 * the user, 4100 unauthorized, 4200 unsupported, 4901 chain not supported) or one of
 * `embeddedWalletErrorCodes` ('EMAIL_COOLDOWN' carries `retryAfterSeconds`).
 */
export const frameErrorSchema = z.object({
  code: z.union([z.number().int(), z.string().max(64)]),
  message: z.string().max(1000),
  retryAfterSeconds: z.number().int().nonnegative().optional(),
})
export type FrameError = z.infer<typeof frameErrorSchema>

export const frameResponseSchema = z.discriminatedUnion('ok', [
  z.object({
    type: z.literal('latch:frame:response'),
    id: requestId,
    ok: z.literal(true),
    result: z.unknown(),
  }),
  z.object({
    type: z.literal('latch:frame:response'),
    id: requestId,
    ok: z.literal(false),
    error: frameErrorSchema,
  }),
])
export type FrameResponse = z.infer<typeof frameResponseSchema>

/**
 * What the frame tells on its own: it is ready; it needs to be seen (a confirmation, the
 * recovery passphrase, the exported key) or not; the account or chain changed; the session
 * ended (signed out here or elsewhere, or expired).
 */
export const frameEventSchema = z.object({
  type: z.literal('latch:frame:event'),
  event: z.discriminatedUnion('name', [
    z.object({ name: z.literal('ready') }),
    z.object({ name: z.literal('show') }),
    z.object({ name: z.literal('hide') }),
    z.object({ name: z.literal('accountsChanged'), accounts: z.array(z.string()).max(8) }),
    z.object({ name: z.literal('chainChanged'), chainId: chainIdSchema }),
    z.object({ name: z.literal('signedOut'), reason: z.enum(['user', 'expired']) }),
  ]),
})
export type FrameEvent = z.infer<typeof frameEventSchema>['event']

/** Spec section 9: frame load timeout, connect-request timeout, delay after ready. */
export const frameLoadTimeoutMs = 20_000
export const frameRequestTimeoutMs = 30_000
export const frameReadyDelayMs = 500
