import { en, type MessageKey } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'

/** Looks up a message; `useMessages().t` in views, English by default. */
export type Translate = (
  key: MessageKey,
  values?: Readonly<Record<string, string | number>>,
) => string

const english: Translate = (key, values) => translate(en, key, values)

/**
 * The one table from error names to what the person reads (spec section 8). Errors not listed
 * show their own short message.
 */
const messageKeys: Readonly<Record<string, MessageKey>> = {
  UserRejectedRequestError: 'error.userRejected',
  BalanceUnavailableError: 'error.tokenBalanceUnavailable',
  ProjectIdNotConfiguredError: 'error.projectIdNotConfigured',
  InvalidConfigError: 'error.invalidAppConfiguration',
  DisconnectFailedError: 'error.failedToDisconnect',
  ChainNotConfiguredError: 'error.chainNotSupported',
  UnsupportedChainError: 'error.chainNotSupported',
  NetworkNotFoundError: 'error.networkNotFound',
  SwitchChainError: 'error.switchChainFailed',
  SignatureDeclinedError: 'error.signatureDeclined',
  NameRegistrationError: 'error.registerName',
  InvalidNameLabelError: 'names.rule',
  NameSuggestionsUnavailableError: 'error.nameSuggestions',
  AccountNamesUnavailableError: 'error.accountNames',
  SignInFailedError: 'error.signInFailed',
  SessionsUnavailableError: 'error.sessionsUnavailable',
  RevokeSessionFailedError: 'error.revokeSession',
  AbortError: 'error.requestAborted',
  TransferFieldsRequiredError: 'send.amountAndReceiverRequired',
  TransferTokenRequiredError: 'send.tokenRequired',
  TransferChainUnsupportedError: 'send.unsupportedChain',
  TransferRevertedError: 'send.failed',
  AccountNameResolutionError: 'send.resolveNameFailed',
}

/** The chain id a switch-chain error is about, for its `{chainId}` placeholder. */
function chainIdOf(error: Error): string | undefined {
  const chainId = (error as { chainId?: unknown }).chainId
  if (typeof chainId === 'number' || typeof chainId === 'string') return String(chainId)
  return /eip155:(\d+)/.exec(error.message)?.[1]
}

/** The account name a name error is about, for its `{name}` placeholder. */
function accountNameOf(error: Error): string {
  const name = (error as { accountName?: unknown }).accountName
  return typeof name === 'string' ? name : ''
}

/** A user-facing sentence for an error, in the locale of `t` (English by default). */
export function getErrorMessage(error: unknown, t: Translate = english): string {
  if (!(error instanceof Error)) return t('error.generic')
  const key = messageKeys[error.name]
  if (key) return t(key, { chainId: chainIdOf(error) ?? '', name: accountNameOf(error) })
  const short = (error as { shortMessage?: unknown }).shortMessage
  return typeof short === 'string' && short ? short : error.message || t('error.generic')
}

/** Whether the person declined in the wallet (a normal outcome, not a failure). */
export function isUserRejection(error: unknown): boolean {
  return error instanceof Error && error.name === 'UserRejectedRequestError'
}
