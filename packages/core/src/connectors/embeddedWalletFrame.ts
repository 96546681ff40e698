import { embeddedEmailSchema, otpSchema } from '@latch/api-contract'
import { InvalidEmailError } from '../errors/embeddedWallet.ts'
import { createEmbeddedWalletProvider } from './createEmbeddedWalletProvider.ts'
import { createFrameTransport } from './createFrameTransport.ts'

/**
 * The embedded wallet's heavy half, its own chunk (zod and the message schemas): loaded on the
 * person's first intent to use email, or when a stored embedded session is restored on load.
 */
export { createEmbeddedWalletProvider, createFrameTransport }

/** The email as the frame takes it (trimmed, lower-cased), or `InvalidEmailError`. */
export function parseEmail(email: string): string {
  const parsed = embeddedEmailSchema.safeParse(email)
  if (!parsed.success) throw new InvalidEmailError()
  return parsed.data
}

/** Whether `otp` is a 6-digit code. */
export function isOtp(otp: string): boolean {
  return otpSchema.safeParse(otp).success
}
