import { errorMessageKeys, getErrorMessageKey } from '@latch/core'
import type { MessageKey, Messages } from '../i18n/en.ts'
import { getLoadedMessages, translate } from '../i18n/locales.ts'

/** Looks up a message; `useMessages().t` in views, English by default. */
export type Translate = (
  key: MessageKey,
  values?: Readonly<Record<string, string | number>>,
) => string

// English as loaded: every error key is one the page has before a click (i18n/enStart.ts).
const english: Translate = (key, values) =>
  translate(getLoadedMessages('en') as Messages, key, values)

// Every message key of core's error table is a key of the message tables (checked by tsc).
errorMessageKeys satisfies Readonly<Record<string, MessageKey | undefined>>

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

/** The seconds an email cooldown asks to wait, for its `{seconds}` placeholder. */
function secondsOf(error: Error): string {
  const seconds = (error as { seconds?: unknown }).seconds
  return typeof seconds === 'number' ? String(seconds) : ''
}

/**
 * A user-facing sentence for an error, in the locale of `t` (English by default): the message
 * core's `errorCatalogue` names for it (spec section 8, keys in `errorMessageKeys`), else its
 * own short message.
 */
export function getErrorMessage(error: unknown, t: Translate = english): string {
  if (!(error instanceof Error)) return t('error.generic')
  const entry = getErrorMessageKey(error)
  // The table's own literal key, so tsc checks it against the message tables.
  const key = entry?.key
  if (entry && key)
    return t(key, {
      chainId: chainIdOf(entry.error) ?? '',
      name: accountNameOf(entry.error),
      seconds: secondsOf(entry.error),
    })
  const short = (error as { shortMessage?: unknown }).shortMessage
  return typeof short === 'string' && short ? short : error.message || t('error.generic')
}

/** Whether the person declined in the wallet (a normal outcome, not a failure). */
export function isUserRejection(error: unknown): boolean {
  return error instanceof Error && error.name === 'UserRejectedRequestError'
}
