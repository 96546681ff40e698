import type { ErrorCode } from './base.ts'
import { type ErrorAlertId, errorAlerts } from './errorAlerts.ts'
import { errorMessageKeys } from './errorMessageKeys.ts'

export { type ErrorAlertId, serverTextAlerts } from './errorAlerts.ts'

export type ErrorCatalogueEntry = {
  code: ErrorCode
  /**
   * The error's `shortMessage`, in the spec's words where section 8 has them; `{chainId}`,
   * `{name}` and `{message}` (the wallet's own text) are filled per error.
   */
  message: string
  /** The entry of spec section 8 it implements, word for word; undefined for Latch's own. */
  spec: string | undefined
  /**
   * How the UI mainly shows it: an error toast (besides any line in the view), an alert (title
   * and text), inline in the view where it happened, or not at all (a normal outcome).
   */
  show: 'toast' | 'alert' | 'inline' | 'silent'
  alert?: ErrorAlertId
  /** The key of `@latch/react`'s message tables; undefined shows `shortMessage` as it is. */
  messageKey: string | undefined
}

/**
 * THE table of the error family (spec section 8): each error's name -> its code, the spec's
 * message and how the UI shows it. `@latch/react` reads its messages and alerts from here;
 * `errorCatalogue.test.ts` drives a real failure to every entry. Validation errors of spec
 * section 5 (CAIP ids, transfer receiver and token address, name rules) are not listed: they
 * show their own sentence. `AbortError` is the platform's, found down the cause chain.
 */
export const errorCatalogue = {
  // Wallet (EIP-1193) codes
  UserRejectedRequestError: {
    code: 4001,
    message: 'User rejected the request.',
    spec: '4001 user rejected',
    show: 'inline',
    messageKey: errorMessageKeys.UserRejectedRequestError,
  },
  UnauthorizedProviderError: {
    code: 4100,
    message: 'Unauthorized.',
    spec: '4100 unauthorized',
    show: 'inline',
    messageKey: errorMessageKeys.UnauthorizedProviderError,
  },
  ProviderDisconnectedError: {
    code: 4900,
    message: 'Disconnected.',
    spec: '4900 disconnected',
    show: 'inline',
    messageKey: errorMessageKeys.ProviderDisconnectedError,
  },
  ChainDisconnectedError: {
    code: 4901,
    message: 'Chain disconnected.',
    spec: '4901 chain disconnected',
    show: 'inline',
    messageKey: errorMessageKeys.ChainDisconnectedError,
  },
  SwitchChainError: {
    code: 4902,
    message:
      'Failed to switch to chain eip155:{chainId}. The chain is not approved or the wallet does not support wallet_switchEthereumChain method.',
    spec: '4902 unrecognized chain id / switch chain failed',
    show: 'toast',
    messageKey: errorMessageKeys.SwitchChainError,
  },
  ProviderRequestError: {
    code: 5000,
    message: '{message}',
    spec: '5000 default',
    show: 'inline',
    messageKey: errorMessageKeys.ProviderRequestError,
  },
  InvalidChainIdError: {
    code: 32603,
    message: 'Invalid chain id.',
    spec: '32603 invalid chain id',
    show: 'inline',
    messageKey: errorMessageKeys.InvalidChainIdError,
  },
  // JSON-RPC codes
  ParseRpcError: {
    code: -32700,
    message: 'Parse error.',
    spec: '-32700 Parse error',
    show: 'inline',
    messageKey: errorMessageKeys.ParseRpcError,
  },
  InvalidRequestRpcError: {
    code: -32600,
    message: 'Invalid Request.',
    spec: '-32600 Invalid Request',
    show: 'inline',
    messageKey: errorMessageKeys.InvalidRequestRpcError,
  },
  MethodNotFoundRpcError: {
    code: -32601,
    message: 'Method not found.',
    spec: '-32601 Method not found',
    show: 'inline',
    messageKey: errorMessageKeys.MethodNotFoundRpcError,
  },
  InvalidParamsRpcError: {
    code: -32602,
    message: 'Invalid params.',
    spec: '-32602 Invalid params',
    show: 'inline',
    messageKey: errorMessageKeys.InvalidParamsRpcError,
  },
  InternalRpcError: {
    code: -32603,
    message: 'Internal error.',
    spec: '-32603 Internal error',
    show: 'inline',
    messageKey: errorMessageKeys.InternalRpcError,
  },
  ServerRpcError: {
    code: -32000,
    message: 'Server error.',
    spec: '-32000 Server error',
    show: 'inline',
    messageKey: errorMessageKeys.ServerRpcError,
  },
  // Connection errors
  ChainNotConfiguredError: {
    code: 'CHAIN_NOT_CONFIGURED',
    message: 'Chain "{chainId}" is not configured.',
    spec: 'Connection errors: chain not configured',
    show: 'inline',
    messageKey: errorMessageKeys.ChainNotConfiguredError,
  },
  ChainAdapterNotFoundError: {
    code: 'CHAIN_ADAPTER_NOT_FOUND',
    message: 'Chain adapter not found',
    spec: 'Chain adapter not found',
    show: 'inline',
    messageKey: errorMessageKeys.ChainAdapterNotFoundError,
  },
  ConnectorAlreadyConnectedError: {
    code: 'CONNECTOR_ALREADY_CONNECTED',
    message: 'Connector already connected.',
    spec: 'Connection errors: connector already connected',
    show: 'inline',
    messageKey: errorMessageKeys.ConnectorAlreadyConnectedError,
  },
  ConnectorNotConnectedError: {
    code: 'CONNECTOR_NOT_CONNECTED',
    message: 'Connector not connected.',
    spec: 'Connection errors: connector not connected',
    show: 'inline',
    messageKey: errorMessageKeys.ConnectorNotConnectedError,
  },
  DisconnectFailedError: {
    code: 'DISCONNECT_FAILED',
    message: 'Failed to disconnect.',
    spec: 'Failed to disconnect',
    show: 'toast',
    messageKey: errorMessageKeys.DisconnectFailedError,
  },
  SignatureDeclinedError: {
    code: 'SIGNATURE_DECLINED',
    message: 'Signature declined.',
    spec: 'Signature declined',
    show: 'toast',
    messageKey: errorMessageKeys.SignatureDeclinedError,
  },
  // Latch API
  BalanceUnavailableError: {
    code: 'TOKEN_BALANCE_UNAVAILABLE',
    message: 'Token Balance Unavailable.',
    spec: 'Token Balance Unavailable',
    show: 'toast',
    messageKey: errorMessageKeys.BalanceUnavailableError,
  },
  // The Swap view says it in its own texts (the swap chunk's), in place of the form.
  SwapNetworkNotSupportedError: {
    code: 'SWAP_NETWORK_NOT_SUPPORTED',
    message: 'Network not supported for Swaps',
    spec: 'Network not supported for Swaps',
    show: 'inline',
    messageKey: errorMessageKeys.SwapNetworkNotSupportedError,
  },
  TransactionsUnavailableError: {
    code: 'TRANSACTIONS_UNAVAILABLE',
    message: 'Failed to fetch transactions.',
    spec: 'Failed to fetch transactions',
    show: 'inline',
    messageKey: errorMessageKeys.TransactionsUnavailableError,
  },
  AccountNameResolutionError: {
    code: 'NAME_RESOLUTION_FAILED',
    message: 'Error resolving name "{name}".',
    spec: 'Error resolving name',
    show: 'inline',
    messageKey: errorMessageKeys.AccountNameResolutionError,
  },
  NameSuggestionsUnavailableError: {
    code: 'NAME_SUGGESTIONS_UNAVAILABLE',
    message: 'Error fetching name suggestions.',
    spec: 'Error fetching name suggestions',
    show: 'inline',
    messageKey: errorMessageKeys.NameSuggestionsUnavailableError,
  },
  AccountNamesUnavailableError: {
    code: 'ACCOUNT_NAMES_UNAVAILABLE',
    message: 'Error fetching names for address.',
    spec: 'Error fetching names for address',
    show: 'inline',
    messageKey: errorMessageKeys.AccountNamesUnavailableError,
  },
  IdentityUnavailableError: {
    code: 'IDENTITY_UNAVAILABLE',
    message: 'Error fetching names for address.',
    spec: 'Error fetching names for address',
    show: 'silent',
    messageKey: errorMessageKeys.IdentityUnavailableError,
  },
  NameRegistrationError: {
    code: 'NAME_REGISTRATION_FAILED',
    message: 'Error registering name "{name}".',
    spec: 'Error registering name {name}',
    show: 'inline',
    messageKey: errorMessageKeys.NameRegistrationError,
  },
  SignInFailedError: {
    code: 'SIGN_IN_FAILED',
    message: 'Sign-in failed.',
    spec: undefined,
    show: 'toast',
    messageKey: errorMessageKeys.SignInFailedError,
  },
  SessionsUnavailableError: {
    code: 'SESSIONS_UNAVAILABLE',
    message: 'Failed to fetch sessions.',
    spec: undefined,
    show: 'inline',
    messageKey: errorMessageKeys.SessionsUnavailableError,
  },
  RevokeSessionFailedError: {
    code: 'REVOKE_SESSION_FAILED',
    message: 'Failed to revoke session "{id}".',
    spec: undefined,
    show: 'inline',
    messageKey: errorMessageKeys.RevokeSessionFailedError,
  },
  AbortError: {
    code: 'REQUEST_ABORTED',
    message: '{message}',
    spec: "'Request was aborted' (aborted RPC)",
    show: 'silent',
    messageKey: errorMessageKeys.AbortError,
  },
  // Alerts: the app's configuration or its project
  OriginNotAllowedError: {
    code: 'ORIGIN_NOT_ALLOWED',
    message: 'The API does not allow calls from this origin.',
    spec: "Server text mapping: 'Unauthorized: origin not allowed' to invalid configuration",
    show: 'alert',
    alert: errorAlerts.OriginNotAllowedError,
    messageKey: errorMessageKeys.OriginNotAllowedError,
  },
  InvalidProjectIdError: {
    code: 'INVALID_PROJECT_ID',
    message: 'The API does not know this project id.',
    spec: "Server text mapping: 'Unauthorized: invalid key' to invalid project id",
    show: 'alert',
    alert: errorAlerts.InvalidProjectIdError,
    messageKey: errorMessageKeys.InvalidProjectIdError,
  },
  ProjectIdNotConfiguredError: {
    code: 'PROJECT_ID_NOT_CONFIGURED',
    message: 'Project ID Not Configured.',
    spec: 'Alerts: Project ID Not Configured',
    show: 'alert',
    alert: errorAlerts.ProjectIdNotConfiguredError,
    messageKey: errorMessageKeys.ProjectIdNotConfiguredError,
  },
  InvalidConfigError: {
    code: 'INVALID_CONFIG',
    message: 'The app configuration is invalid.',
    spec: 'Alerts: Invalid App Configuration',
    show: 'alert',
    alert: errorAlerts.InvalidConfigError,
    messageKey: errorMessageKeys.InvalidConfigError,
  },
  UnverifiedDomainError: {
    code: 'UNVERIFIED_DOMAIN',
    message: 'This domain is not verified for the project.',
    spec: 'Alerts: Invalid App Configuration (unverified domain)',
    show: 'alert',
    alert: errorAlerts.UnverifiedDomainError,
    messageKey: errorMessageKeys.UnverifiedDomainError,
  },
  ProjectOriginsUnavailableError: {
    code: 'PROJECT_ORIGINS_UNAVAILABLE',
    message: "The project's allowed origins could not be loaded.",
    spec: undefined,
    // The connect modal opens unchecked: the API still checks every call's origin.
    show: 'silent',
    messageKey: errorMessageKeys.ProjectOriginsUnavailableError,
  },
  NetworkNotFoundError: {
    code: 'NETWORK_NOT_FOUND',
    message: 'Network not found.',
    spec: "'Network not found' (and its alert: Network Not Found)",
    show: 'alert',
    alert: errorAlerts.NetworkNotFoundError,
    messageKey: errorMessageKeys.NetworkNotFoundError,
  },
  SessionExpiredError: {
    code: 'SESSION_EXPIRED',
    message: 'Session Expired.',
    spec: "Alerts: Session Expired; server text 'JWT validation error: JWT Token is not yet valid'",
    show: 'alert',
    alert: errorAlerts.SessionExpiredError,
    messageKey: errorMessageKeys.SessionExpiredError,
  },
  // The embedded wallet (its secure frame)
  EmbeddedWalletLoadError: {
    code: 'iframe_load_failed',
    message: 'Network Error - Could not load embedded wallet.',
    spec: 'Alerts: Network Error - Could not load embedded wallet; iframe_load_failed (20 s)',
    show: 'alert',
    alert: errorAlerts.EmbeddedWalletLoadError,
    messageKey: errorMessageKeys.EmbeddedWalletLoadError,
  },
  EmbeddedWalletTimeoutError: {
    code: 'iframe_request_timeout',
    message: 'Embedded Wallet Request Timed Out.',
    spec: 'Alerts: Embedded Wallet Request Timed Out; iframe_request_timeout (30 s for connect calls)',
    show: 'alert',
    alert: errorAlerts.EmbeddedWalletTimeoutError,
    messageKey: errorMessageKeys.EmbeddedWalletTimeoutError,
  },
  EmbeddedWalletRequestError: {
    code: 'EMBEDDED_WALLET_REQUEST_FAILED',
    message: '{message}',
    spec: "'An error occurred' (default frame error)",
    show: 'inline',
    messageKey: errorMessageKeys.EmbeddedWalletRequestError,
  },
  EmbeddedWalletAbortedError: {
    code: 'EMBEDDED_WALLET_ABORTED',
    message: 'Something went wrong.',
    spec: "'Something went wrong' (other aborted frame calls)",
    show: 'inline',
    messageKey: errorMessageKeys.EmbeddedWalletAbortedError,
  },
  EmailCooldownError: {
    code: 'EMAIL_COOLDOWN',
    message: 'Please try again after {seconds} seconds.',
    spec: "Email login: 'Please try again after {n} seconds' (section 5)",
    show: 'inline',
    messageKey: errorMessageKeys.EmailCooldownError,
  },
  AuthInitError: {
    code: 'AUTH_INIT_FAILED',
    message: 'A problem occurred while trying initialize authentication.',
    spec: 'A problem occurred while trying initialize authentication',
    show: 'inline',
    messageKey: errorMessageKeys.AuthInitError,
  },
  SocialSignInError: {
    code: 'SOCIAL_SIGN_IN_FAILED',
    message: '{message}',
    spec: undefined,
    show: 'inline',
    messageKey: errorMessageKeys.SocialSignInError,
  },
  AuthConnectorNotFoundError: {
    code: 'AUTH_CONNECTOR_NOT_FOUND',
    message: 'Address or auth connector not found.',
    spec: 'Address or auth connector not found',
    show: 'inline',
    messageKey: errorMessageKeys.AuthConnectorNotFoundError,
  },
  // Wallet capabilities (EIP-5792)
  ChainNotSupportedError: {
    code: 'CHAIN_NOT_SUPPORTED',
    message: 'Chain is not supported',
    spec: 'Chain is not supported',
    show: 'inline',
    messageKey: errorMessageKeys.ChainNotSupportedError,
  },
  SmartAccountsUnsupportedError: {
    code: 'SMART_ACCOUNTS_UNSUPPORTED',
    message: 'This application might not support Smart Accounts',
    spec: 'This application might not support Smart Accounts',
    show: 'inline',
    messageKey: errorMessageKeys.SmartAccountsUnsupportedError,
  },
  CallsStatusNotApprovedError: {
    code: 'CALLS_STATUS_NOT_APPROVED',
    message: 'Fetching call status not approved by the wallet.',
    spec: 'Fetching call status not approved by the wallet.',
    show: 'inline',
    messageKey: errorMessageKeys.CallsStatusNotApprovedError,
  },
  UserOperationReceiptError: {
    code: 'USER_OPERATION_RECEIPT_FAILED',
    message: 'Failed to fetch user operation receipt - {status}',
    spec: 'Failed to fetch user operation receipt - {status}',
    show: 'inline',
    messageKey: errorMessageKeys.UserOperationReceiptError,
  },
  // Transfers (spec section 5's validation, and their outcome)
  TransferFieldsRequiredError: {
    code: 'TRANSFER_FIELDS_REQUIRED',
    message: 'An amount and receiver address are required.',
    spec: undefined,
    show: 'inline',
    messageKey: errorMessageKeys.TransferFieldsRequiredError,
  },
  TransferTokenRequiredError: {
    code: 'TRANSFER_TOKEN_REQUIRED',
    message: 'A token is required.',
    spec: undefined,
    show: 'inline',
    messageKey: errorMessageKeys.TransferTokenRequiredError,
  },
  TransferChainUnsupportedError: {
    code: 'TRANSFER_CHAIN_UNSUPPORTED',
    message: 'Unsupported chain.',
    spec: undefined,
    show: 'inline',
    messageKey: errorMessageKeys.TransferChainUnsupportedError,
  },
  TransferRevertedError: {
    code: 'TRANSFER_REVERTED',
    message: 'The transfer failed on chain.',
    spec: undefined,
    show: 'inline',
    messageKey: errorMessageKeys.TransferRevertedError,
  },
  InvalidNameLabelError: {
    code: 'INVALID_NAME_LABEL',
    message: 'Name "{name}" is not valid.',
    spec: undefined,
    show: 'inline',
    messageKey: errorMessageKeys.InvalidNameLabelError,
  },
} as const satisfies Record<string, ErrorCatalogueEntry>

export type ErrorCatalogueName = keyof typeof errorCatalogue

/**
 * The entries of spec section 8 that Latch cannot raise yet, and why; listed so that none is
 * silently missing. Each moves into `errorCatalogue` with the feature that raises it.
 */
export const notRaisedYet: readonly { spec: string; reason: string }[] = [
  { spec: 'Network not supported for Gas Price', reason: 'no gas-price service yet' },
  {
    spec: 'On-ramp options and quote fall back to defaults',
    reason: 'no on-ramp yet',
  },
  {
    spec: "'NetworkController client not set', 'ConnectionController client not set'",
    reason: 'Latch has no controllers: actions take the config as an argument',
  },
  {
    spec: "'Please call connect() before request()', 'Sign Client not initialized', 'Session not initialized. Please call connect() before enable()', 'ChainId not found', 'No RPC url provided for chainId: {id}', 'JSON-RPC provider for {id} not found'",
    reason:
      "raised inside @walletconnect/universal-provider; they reach the UI as a ProviderRequestError with the provider's own words",
  },
  {
    spec: 'EVM revert panic codes 1, 17, 18, 33, 34, 49, 50, 65, 81',
    reason: 'wording not in the spec; a revert is TransferRevertedError',
  },
]
