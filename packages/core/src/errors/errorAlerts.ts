/** The alerts of spec section 8 (title and text in `@latch/react`'s `alerts`). */
export type ErrorAlertId =
  | 'networkNotFound'
  | 'originNotAllowed'
  | 'unverifiedDomain'
  | 'invalidProjectId'
  | 'invalidConfig'
  | 'projectIdNotConfigured'
  | 'embeddedWalletLoadFailed'
  | 'embeddedWalletTimeout'
  | 'sessionExpired'

/**
 * The errors that `errorCatalogue` shows as an alert, and which alert: the catalogue's `alert`
 * fields read from here. Kept apart from the catalogue so that the page's first chunk, which
 * shows configuration alerts, does not carry the whole table.
 */
export const errorAlerts = {
  OriginNotAllowedError: 'originNotAllowed',
  InvalidProjectIdError: 'invalidProjectId',
  ProjectIdNotConfiguredError: 'projectIdNotConfigured',
  InvalidConfigError: 'invalidConfig',
  UnverifiedDomainError: 'unverifiedDomain',
  NetworkNotFoundError: 'networkNotFound',
  SessionExpiredError: 'sessionExpired',
  EmbeddedWalletLoadError: 'embeddedWalletLoadFailed',
  EmbeddedWalletTimeoutError: 'embeddedWalletTimeout',
} as const satisfies Record<string, ErrorAlertId>

/**
 * The server texts of spec section 8 ('Server text mapping') and the alert each one means,
 * for an answer of the Latch API that carries one.
 */
export const serverTextAlerts: Readonly<Record<string, ErrorAlertId>> = {
  // The texts the Latch API answers with (`serverMessages` of `@latch/api-contract`, checked
  // by test; not imported, so the page's first chunk stays free of zod).
  'Unauthorized: origin not allowed': 'originNotAllowed',
  'Unauthorized: invalid key': 'invalidProjectId',
  // Not sent by the Latch API (it issues no JWT); mapped as the spec says (and `requestApi`
  // raises a SessionExpiredError for it).
  'JWT validation error: JWT Token is not yet valid': 'sessionExpired',
}

/** The alert of the first error down `error`'s cause chain that the catalogue shows as one. */
export function getErrorAlertId(error: unknown): ErrorAlertId | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth += 1) {
    if (Object.hasOwn(errorAlerts, current.name))
      return errorAlerts[current.name as keyof typeof errorAlerts]
    current = current.cause
  }
  return undefined
}
