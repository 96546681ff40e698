/**
 * The message-table key of each error in `errorCatalogue` (undefined: the error's own short
 * message is shown): the catalogue's `messageKey` fields read from here. Kept apart from the
 * catalogue so that the page's JS before a click does not carry the whole table.
 */
export const errorMessageKeys = {
  UserRejectedRequestError: 'error.userRejected',
  UnauthorizedProviderError: 'error.unauthorized',
  ProviderDisconnectedError: 'error.disconnected',
  ChainDisconnectedError: 'error.chainDisconnected',
  SwitchChainError: 'error.switchChainFailed',
  ProviderRequestError: undefined,
  InvalidChainIdError: 'error.invalidChainId',
  ParseRpcError: 'error.rpcParse',
  InvalidRequestRpcError: 'error.rpcInvalidRequest',
  MethodNotFoundRpcError: 'error.rpcMethodNotFound',
  InvalidParamsRpcError: 'error.rpcInvalidParams',
  InternalRpcError: 'error.rpcInternal',
  ServerRpcError: 'error.rpcServer',
  ChainNotConfiguredError: 'error.chainNotSupported',
  ChainAdapterNotFoundError: undefined,
  ConnectorAlreadyConnectedError: 'error.connectorAlreadyConnected',
  ConnectorNotConnectedError: 'error.connectorNotConnected',
  DisconnectFailedError: 'error.failedToDisconnect',
  SignatureDeclinedError: 'error.signatureDeclined',
  BalanceUnavailableError: 'error.tokenBalanceUnavailable',
  SwapNetworkNotSupportedError: undefined,
  TransactionsUnavailableError: 'activity.failed',
  AccountNameResolutionError: 'send.resolveNameFailed',
  NameSuggestionsUnavailableError: 'error.nameSuggestions',
  AccountNamesUnavailableError: 'error.accountNames',
  IdentityUnavailableError: 'error.accountNames',
  NameRegistrationError: 'error.registerName',
  SignInFailedError: 'error.signInFailed',
  SessionsUnavailableError: 'error.sessionsUnavailable',
  RevokeSessionFailedError: 'error.revokeSession',
  AbortError: 'error.requestAborted',
  OriginNotAllowedError: 'error.invalidAppConfiguration',
  InvalidProjectIdError: 'error.invalidAppConfiguration',
  ProjectIdNotConfiguredError: 'error.projectIdNotConfigured',
  InvalidConfigError: 'error.invalidAppConfiguration',
  TransferFieldsRequiredError: 'send.amountAndReceiverRequired',
  TransferTokenRequiredError: 'send.tokenRequired',
  TransferChainUnsupportedError: 'send.unsupportedChain',
  TransferRevertedError: 'send.failed',
  InvalidNameLabelError: 'names.rule',
  NetworkNotFoundError: 'error.networkNotFound',
  UnverifiedDomainError: 'error.invalidAppConfiguration',
  ProjectOriginsUnavailableError: undefined,
  SessionExpiredError: 'alert.sessionExpired.title',
  ChainNotSupportedError: 'error.chainNotSupported',
  SmartAccountsUnsupportedError: 'error.smartAccountsUnsupported',
  CallsStatusNotApprovedError: 'error.callsStatusNotApproved',
  // The bundler's HTTP status is the message: shown as it is.
  UserOperationReceiptError: undefined,
  EmbeddedWalletLoadError: 'alert.embeddedWalletLoadFailed.title',
  EmbeddedWalletTimeoutError: 'alert.embeddedWalletTimeout.title',
  EmbeddedWalletRequestError: undefined,
  EmbeddedWalletAbortedError: 'error.generic',
  EmailCooldownError: 'error.emailCooldown',
  AuthConnectorNotFoundError: undefined,
  AuthInitError: 'error.authInit',
  SocialSignInError: undefined,
} as const

export type ErrorMessageKeyName = keyof typeof errorMessageKeys

export type GetErrorMessageKeyReturnType =
  | { name: ErrorMessageKeyName; key: (typeof errorMessageKeys)[ErrorMessageKeyName]; error: Error }
  | undefined

/**
 * The first error down `error`'s cause chain that the catalogue names (an abort wins), with
 * its message key; the same search as `getErrorCatalogueEntry`.
 */
export function getErrorMessageKey(error: unknown): GetErrorMessageKeyReturnType {
  let found: GetErrorMessageKeyReturnType
  for (let current = error, depth = 0; current instanceof Error && depth < 8; depth += 1) {
    if (Object.hasOwn(errorMessageKeys, current.name)) {
      const name = current.name as ErrorMessageKeyName
      const entry = { name, key: errorMessageKeys[name], error: current }
      if (name === 'AbortError') return entry
      found ??= entry
    }
    current = current.cause
  }
  return found
}
