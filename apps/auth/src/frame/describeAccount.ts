import { type SignInMethod, socialProviderNames } from '@latch/api-contract'

/**
 * How the frame's dialogs name the signed-in account: its email for an email sign-in, else
 * the provider's username and name ("ada on GitHub"), since a social account may have no
 * email and each provider's account has its own wallet.
 */
export function describeAccount(account: {
  email: string | null
  username: string | null
  signInMethod: SignInMethod
}): string {
  if (account.signInMethod === 'email') return account.email ?? 'your email'
  const provider = socialProviderNames[account.signInMethod]
  return account.username ? `${account.username} on ${provider}` : `your ${provider} account`
}
