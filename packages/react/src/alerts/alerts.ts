import { type ErrorAlertId, getErrorAlertId, serverTextAlerts } from '@latch/core'
import type { MessageKey } from '../i18n/en.ts'

/** The alerts of spec section 8, each a title and a text from the message table. */
export const alerts = {
  networkNotFound: { title: 'alert.networkNotFound.title', text: 'alert.networkNotFound.text' },
  originNotAllowed: { title: 'error.invalidAppConfiguration', text: 'alert.originNotAllowed.text' },
  unverifiedDomain: { title: 'error.invalidAppConfiguration', text: 'alert.unverifiedDomain.text' },
  invalidProjectId: { title: 'error.invalidAppConfiguration', text: 'alert.invalidProjectId.text' },
  invalidConfig: { title: 'error.invalidAppConfiguration', text: 'alert.invalidConfig.text' },
  projectIdNotConfigured: {
    title: 'error.projectIdNotConfigured',
    text: 'alert.projectIdNotConfigured.text',
  },
  embeddedWalletLoadFailed: {
    title: 'alert.embeddedWalletLoadFailed.title',
    text: 'alert.embeddedWalletLoadFailed.text',
  },
  embeddedWalletTimeout: {
    title: 'alert.embeddedWalletTimeout.title',
    text: 'alert.embeddedWalletTimeout.text',
  },
  sessionExpired: { title: 'alert.sessionExpired.title', text: 'alert.sessionExpired.text' },
} as const satisfies Record<ErrorAlertId, { title: MessageKey; text: MessageKey }>

export type AlertId = keyof typeof alerts

/** The alert for a server error text, if it is one the spec names (core's `serverTextAlerts`). */
export function getAlertIdFromServerMessage(message: string): AlertId | undefined {
  return serverTextAlerts[message.trim()]
}

/**
 * The alert an error calls for: by core's `errorAlerts` (an error the catalogue shows as an alert),
 * by the server text it carries (in `details`, as `getBalance` keeps the API's message), or by
 * an HTTP 401/403 status; undefined for errors that are not about the app's configuration or
 * session.
 */
export function getAlertId(error: unknown): AlertId | undefined {
  const byName = getErrorAlertId(error)
  if (byName) return byName
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth += 1) {
    const { details, status } = current as { details?: unknown; status?: unknown }
    const text = typeof details === 'string' ? details : current.message
    const byText = getAlertIdFromServerMessage(text)
    if (byText) return byText
    if (status === 401) return 'invalidProjectId'
    if (status === 403) return 'originNotAllowed'
    current = current.cause
  }
  return undefined
}
