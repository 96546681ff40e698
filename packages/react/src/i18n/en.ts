/**
 * Every string a person reads, in English: the one message table (spec section 8 wording
 * where the spec has it). Other locales must define every key (checked by the type system).
 * Placeholders are written `{name}`.
 */
export const en = {
  'connect.button': 'Connect Wallet',
  'connect.title': 'Connect Wallet',
  'modal.close': 'Close',
  'modal.back': 'Back',
  'connecting.continueIn': 'Continue in {wallet}',
  'connecting.declinedTitle': 'Connection declined',
  'connecting.failedTitle': 'Connection failed',
  'connecting.incomplete': 'The connection did not complete.',
  'connecting.tryAgain': 'Try again',
  'walletConnect.copyLink': 'Copy link',
  'walletConnect.linkCopied': 'Link copied.',
  'walletConnect.qrLabel': 'WalletConnect QR code',
  'error.userRejected': 'Connection declined in the wallet.',
  'error.tokenBalanceUnavailable': 'Token Balance Unavailable',
  'error.projectIdNotConfigured': 'Project ID Not Configured',
  'error.invalidAppConfiguration': 'Invalid App Configuration',
  'error.failedToDisconnect': 'Failed to disconnect',
  'error.chainNotSupported': 'Chain is not supported',
  'error.generic': 'Something went wrong',
} as const

export type MessageKey = keyof typeof en
/** A locale's table: every key of the English table, translated. */
export type Messages = { readonly [K in MessageKey]: string }
