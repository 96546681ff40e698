import { embeddedEmailSchema } from '@latch/api-contract'
import { InvalidEmailError } from '../errors/embeddedWallet.ts'

/** The email as the frame takes it (trimmed, lower-cased), or `InvalidEmailError` (spec section 5). */
export function parseEmail(email: string): string {
  const parsed = embeddedEmailSchema.safeParse(email)
  if (!parsed.success) throw new InvalidEmailError()
  return parsed.data
}
