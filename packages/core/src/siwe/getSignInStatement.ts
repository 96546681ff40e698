/** How long a sign-in message (and the session it opens) stays valid: 24 hours. */
export const signInExpiryMs = 24 * 60 * 60 * 1000

/**
 * The sign-in message's statement, "Sign in to {appName}.", on one line as EIP-4361 wants it.
 * Its own file, so connecting with a sign-in does not load viem's EIP-4361 writer.
 */
export function getSignInStatement(appName: string): string {
  return `Sign in to ${appName.replace(/\s+/g, ' ').trim()}.`
}
