/**
 * The one table from error names to what the person reads (spec section 8). Errors not listed
 * show their own short message.
 */
const messages: Record<string, string> = {
  UserRejectedRequestError: 'Connection declined in the wallet.',
  BalanceUnavailableError: 'Token Balance Unavailable',
  ProjectIdNotConfiguredError: 'Project ID Not Configured',
  InvalidConfigError: 'Invalid App Configuration',
  DisconnectFailedError: 'Failed to disconnect',
  ChainNotConfiguredError: 'Chain is not supported',
}

/** A user-facing sentence for an error. */
export function getErrorMessage(error: unknown): string {
  if (!(error instanceof Error)) return 'Something went wrong'
  const known = messages[error.name]
  if (known) return known
  const short = (error as { shortMessage?: unknown }).shortMessage
  return typeof short === 'string' && short ? short : error.message || 'Something went wrong'
}

/** Whether the person declined in the wallet (a normal outcome, not a failure). */
export function isUserRejection(error: unknown): boolean {
  return error instanceof Error && error.name === 'UserRejectedRequestError'
}
