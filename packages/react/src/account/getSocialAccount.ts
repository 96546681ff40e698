import type { EmbeddedWalletUser } from '@latch/core'
import { socialProviderNames } from '../social/socialProviderNames.ts'

/** The social sign-in the account panel names ("ada · GitHub"); undefined for email. */
export function getSocialAccount(
  user: Omit<EmbeddedWalletUser, 'accounts'> | undefined,
): { username: string | undefined; provider: string } | undefined {
  if (!user || user.signInMethod === 'email') return undefined
  return {
    username: user.username ?? undefined,
    provider: socialProviderNames[user.signInMethod],
  }
}
