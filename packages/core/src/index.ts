// Config and state

// Account names: the label rule (spec section 5) shared with the API
export { isValidNameLabel, nameLabelRules } from '@latch/api-contract'
// Actions
export {
  type AddRecentWalletParameters,
  type AddRecentWalletReturnType,
  addRecentWallet,
} from './actions/addRecentWallet.ts'
export { cancelConnect } from './actions/cancelConnect.ts'
export {
  cancelFarcaster,
  clearFarcasterUrl,
  reloadAuthConnector,
} from './actions/cancelFarcaster.ts'
export { cancelSocialSignIn } from './actions/cancelSocialSignIn.ts'
export {
  type CheckProjectOriginParameters,
  checkProjectOrigin,
} from './actions/checkProjectOrigin.ts'
export {
  type ConnectErrorType,
  type ConnectParameters,
  type ConnectReturnType,
  connect,
  getPreferredChainId,
} from './actions/connect.ts'
export {
  type ConnectEmailErrorType,
  type ConnectEmailParameters,
  type ConnectEmailReturnType,
  connectEmail,
  getEmailCooldownMs,
} from './actions/connectEmail.ts'
export {
  type ConnectFarcasterErrorType,
  type ConnectFarcasterParameters,
  type ConnectFarcasterReturnType,
  connectFarcaster,
} from './actions/connectFarcaster.ts'
export {
  type ConnectSocialErrorType,
  type ConnectSocialParameters,
  type ConnectSocialReturnType,
  connectSocial,
} from './actions/connectSocial.ts'
export {
  type DisconnectErrorType,
  type DisconnectParameters,
  disconnect,
} from './actions/disconnect.ts'
export {
  type EstimateTransferErrorType,
  type EstimateTransferParameters,
  type EstimateTransferReturnType,
  estimateTransfer,
} from './actions/estimateTransfer.ts'
export { exportEmbeddedKey } from './actions/exportEmbeddedKey.ts'
export {
  type GetAccountNamesErrorType,
  type GetAccountNamesParameters,
  type GetAccountNamesReturnType,
  getAccountNames,
} from './actions/getAccountNames.ts'
export {
  findAuthConnector,
  type GetAuthConnectorReturnType,
  getAuthConnector,
} from './actions/getAuthConnector.ts'
export {
  type GetBalanceErrorType,
  type GetBalanceParameters,
  type GetBalanceReturnType,
  getBalance,
} from './actions/getBalance.ts'
export { getCaipNetwork } from './actions/getCaipNetwork.ts'
export {
  type CallsReceipt,
  type GetCallsStatusErrorType,
  type GetCallsStatusParameters,
  type GetCallsStatusReturnType,
  getCallsStatus,
} from './actions/getCallsStatus.ts'
export {
  type GetCapabilitiesErrorType,
  type GetCapabilitiesParameters,
  type GetCapabilitiesReturnType,
  getCapabilities,
  supportsAssetDiscovery,
  supportsAtomicBatch,
} from './actions/getCapabilities.ts'
export { type GetConnectorErrorType, getConnector } from './actions/getConnector.ts'
export {
  type GetFarcasterUriErrorType,
  type GetFarcasterUriReturnType,
  getFarcasterUri,
} from './actions/getFarcasterUri.ts'
export {
  type GetHistoryErrorType,
  type GetHistoryParameters,
  type GetHistoryReturnType,
  getHistory,
} from './actions/getHistory.ts'
export {
  type GetIdentityErrorType,
  type GetIdentityParameters,
  type GetIdentityReturnType,
  getIdentity,
} from './actions/getIdentity.ts'
export { getMaxTransferAmount, transferFeeMultiplier } from './actions/getMaxTransferAmount.ts'
export {
  type GetNameSuggestionsErrorType,
  type GetNameSuggestionsParameters,
  type GetNameSuggestionsReturnType,
  getNameSuggestions,
} from './actions/getNameSuggestions.ts'
export {
  type GetNftsErrorType,
  type GetNftsParameters,
  type GetNftsReturnType,
  getNfts,
} from './actions/getNfts.ts'
export {
  type GetPortfolioErrorType,
  type GetPortfolioParameters,
  type GetPortfolioReturnType,
  getPortfolio,
} from './actions/getPortfolio.ts'
export {
  type GetProjectOriginsErrorType,
  type GetProjectOriginsParameters,
  type GetProjectOriginsReturnType,
  getProjectOrigins,
} from './actions/getProjectOrigins.ts'
export {
  type GetSessionsErrorType,
  type GetSessionsParameters,
  type GetSessionsReturnType,
  getSessions,
} from './actions/getSessions.ts'
export {
  type GetSiweNonceErrorType,
  type GetSiweNonceParameters,
  type GetSiweNonceReturnType,
  getSiweNonce,
} from './actions/getSiweNonce.ts'
export {
  type GetSmartAccountEnabledNetworksErrorType,
  type GetSmartAccountEnabledNetworksReturnType,
  getSmartAccountEnabledNetworks,
} from './actions/getSmartAccountEnabledNetworks.ts'
export {
  type BalanceOfAddress,
  compareTokenBalances,
  findBalanceNetwork,
  type GetTokenBalancesErrorType,
  type GetTokenBalancesParameters,
  type GetTokenBalancesReturnType,
  getTokenBalances,
  isNativeBalance,
} from './actions/getTokenBalances.ts'
export {
  type GetWalletAssetsErrorType,
  type GetWalletAssetsParameters,
  type GetWalletAssetsReturnType,
  getWalletAssets,
} from './actions/getWalletAssets.ts'
export {
  type GetWalletsErrorType,
  type GetWalletsParameters,
  type GetWalletsReturnType,
  getWallets,
  sdkType,
  sdkVersion,
  walletsPageSize,
} from './actions/getWallets.ts'
export { isTransferAddress } from './actions/isTransferAddress.ts'
export {
  isTransferNamespaceSupported,
  transferNamespaces,
} from './actions/isTransferNamespaceSupported.ts'
export {
  loadProjectOriginCheck,
  type ProjectOriginCheck,
  projectOriginCheckKey,
} from './actions/loadProjectOriginCheck.ts'
export {
  loadRecommendedWallets,
  type RecommendedWallets,
  recommendedWalletsKey,
} from './actions/loadRecommendedWallets.ts'
export { reconnect } from './actions/reconnect.ts'
export {
  type RegisterAccountNameErrorType,
  type RegisterAccountNameParameters,
  type RegisterAccountNameReturnType,
  registerAccountName,
} from './actions/registerAccountName.ts'
export {
  parseAccountName,
  type ResolveAccountNameErrorType,
  type ResolveAccountNameParameters,
  type ResolveAccountNameReturnType,
  resolveAccountName,
} from './actions/resolveAccountName.ts'
export {
  type ResumeSocialRedirectParameters,
  type ResumeSocialRedirectReturnType,
  resumeSocialRedirect,
} from './actions/resumeSocialRedirect.ts'
export {
  type RevokeSessionErrorType,
  type RevokeSessionParameters,
  type RevokeSessionReturnType,
  revokeSession,
} from './actions/revokeSession.ts'
export {
  maxCallsPerBatch,
  type SendCallsCall,
  type SendCallsErrorType,
  type SendCallsParameters,
  type SendCallsReturnType,
  sendCalls,
} from './actions/sendCalls.ts'
export {
  type SendTransferErrorType,
  type SendTransferParameters,
  type SendTransferReturnType,
  sendTransfer,
  type TransferToken,
  transferReceiptTimeoutMs,
} from './actions/sendTransfer.ts'
export {
  type SetAccountNameAttributesErrorType,
  type SetAccountNameAttributesParameters,
  type SetAccountNameAttributesReturnType,
  setAccountNameAttributes,
} from './actions/setAccountNameAttributes.ts'
export {
  type SetPreferredAccountTypeErrorType,
  type SetPreferredAccountTypeParameters,
  type SetPreferredAccountTypeReturnType,
  setPreferredAccountType,
} from './actions/setPreferredAccountType.ts'
export {
  type ShowCallsStatusErrorType,
  type ShowCallsStatusParameters,
  type ShowCallsStatusReturnType,
  showCallsStatus,
} from './actions/showCallsStatus.ts'
export {
  type SignInErrorType,
  type SignInParameters,
  type SignInReturnType,
  signIn,
} from './actions/signIn.ts'
export {
  type SignMessageErrorType,
  type SignMessageParameters,
  type SignMessageReturnType,
  signMessage,
} from './actions/signMessage.ts'
export { signOutEmbedded } from './actions/signOutEmbedded.ts'
/** Solana's `estimateTransfer` answer (network fee and a new token account's rent); type only. */
export type { SolanaTransferEstimate } from './actions/solanaTransfer.ts'
export {
  type SwitchChainErrorType,
  type SwitchChainParameters,
  type SwitchChainReturnType,
  switchChain,
} from './actions/switchChain.ts'
export {
  findCaipNetwork,
  type SwitchNetworkParameters,
  type SwitchNetworkReturnType,
  switchNetwork,
} from './actions/switchNetwork.ts'
export {
  updateEmbeddedEmail,
  verifyEmbeddedEmailPrimaryOtp,
  verifyEmbeddedEmailSecondaryOtp,
} from './actions/updateEmbeddedEmail.ts'
export { type VerifyEmailDeviceReturnType, verifyEmailDevice } from './actions/verifyEmailDevice.ts'
export { type VerifyEmailOtpParameters, verifyEmailOtp } from './actions/verifyEmailOtp.ts'
export {
  type WaitForCallsStatusErrorType,
  type WaitForCallsStatusParameters,
  type WaitForCallsStatusReturnType,
  waitForCallsStatus,
} from './actions/waitForCallsStatus.ts'
export { watchWalletStandard } from './actions/watchWalletStandard.ts'
// Analytics (spec section 7): off unless the API says enabled; load it lazily
export {
  type Analytics,
  type AnalyticsState,
  type AnalyticsStatus,
  type CreateAnalyticsParameters,
  createAnalytics,
} from './analytics/createAnalytics.ts'
export {
  type GetAnalyticsConfigErrorType,
  type GetAnalyticsConfigParameters,
  type GetAnalyticsConfigReturnType,
  getAnalyticsConfig,
} from './analytics/getAnalyticsConfig.ts'
export {
  type SendAnalyticsEventsErrorType,
  type SendAnalyticsEventsParameters,
  type SendAnalyticsEventsReturnType,
  sendAnalyticsEvents,
} from './analytics/sendAnalyticsEvents.ts'
export { watchAnalyticsEvents } from './analytics/watchAnalyticsEvents.ts'
// CAIP
export { type ChainNamespace, chainNamespaces, isChainNamespace } from './caip/chainNamespaces.ts'
export { type CaipAccount, parseCaipAccount, toCaipAccount } from './caip/parseCaipAccount.ts'
export {
  assertNamespaceConfigured,
  type CaipNamespaceOptions,
  type CaipNetworkId,
  parseCaipNetworkId,
  toCaipNetworkId,
} from './caip/toCaipNetworkId.ts'
// Connectors and discovery
export { announced } from './connectors/announced.ts'
export {
  type EmbeddedWalletFrameModule,
  type EmbeddedWalletParameters,
  embeddedWallet,
} from './connectors/embeddedWallet.ts'
export type {
  EmbeddedAccountType,
  EmbeddedEmailAction,
  EmbeddedSignInMethod,
  EmbeddedUpdateEmailAction,
  EmbeddedWalletAccount,
  EmbeddedWalletApi,
  EmbeddedWalletClientParameters,
  EmbeddedWalletUser,
  SocialOAuthProvider,
} from './connectors/embeddedWalletTypes.ts'
export type {
  AnyConnector,
  Connector,
  ConnectorConnectParameters,
  ConnectorConnectResult,
  ConnectorType,
  MultiChainConnector,
  NamespaceAccount,
  NamespaceConnector,
  NamespaceConnectResult,
  NamespaceSignature,
  WalletConnectSession,
} from './connectors/types.ts'
export {
  defaultRelayTimeoutMs,
  type WalletConnectParameters,
  type WalletConnectSdk,
  walletConnect,
} from './connectors/walletConnect.ts'
export {
  getWalletConnectNamespace,
  getWalletConnectNamespaces,
  walletConnectBitcoinMethods,
  walletConnectMethods,
  walletConnectSolanaMethods,
} from './connectors/walletConnectNamespace.ts'
export type * from './connectors/walletStandard/bitcoinFeatures.ts'
export {
  type ConnectionStatus,
  type CreateLatchConfigParameters,
  createLatchConfig,
  disconnectedState,
  type LatchConfig,
  type LatchState,
  type NamespaceConnection,
  type SocialSignInState,
} from './createLatchConfig.ts'
// Wallet side of EIP-5792 / EIP-7811, for the Devnet Wallet and the test kit's wallet
export { readCallsStatus, type SentBatch } from './eip5792/readCallsStatus.ts'
export { readWalletAssets, type WalletAssetToken } from './eip5792/readWalletAssets.ts'
export {
  type DelegateCall,
  executeBatchAbi,
  sendCallsAsDelegate,
} from './eip5792/sendCallsAsDelegate.ts'
export {
  type Eip6963ProviderDetail,
  type Eip6963ProviderInfo,
  type WatchAnnouncedProvidersParameters,
  watchAnnouncedProviders,
} from './eip6963/watchAnnouncedProviders.ts'
// Errors
export {
  IdentityUnavailableError,
  NftsUnavailableError,
  TransactionsUnavailableError,
} from './errors/account.ts'
export {
  AccountNamesUnavailableError,
  InvalidNameLabelError,
  NameRegistrationError,
  NameSuggestionsUnavailableError,
} from './errors/accountName.ts'
export { AnalyticsRequestError } from './errors/analytics.ts'
export { AuthConnectorNotFoundError } from './errors/authConnector.ts'
export { BalanceUnavailableError } from './errors/balance.ts'
export { BaseError, type BaseErrorParameters, type ErrorCode } from './errors/base.ts'
export {
  ChainAdapterNotFoundError,
  InvalidCaipAccountError,
  InvalidCaipNetworkIdError,
  NamespaceNotConfiguredError,
} from './errors/caip.ts'
export { SwitchChainError } from './errors/chain.ts'
export { InvalidConfigError, ProjectIdNotConfiguredError } from './errors/config.ts'
export {
  ChainNotConfiguredError,
  ConnectionCancelledError,
  ConnectorAccountNotFoundError,
  ConnectorAlreadyConnectedError,
  ConnectorNotConnectedError,
  ConnectorNotFoundError,
  DisconnectFailedError,
  ProviderRequestError,
  RelayUnavailableError,
  toConnectorError,
  UserRejectedRequestError,
} from './errors/connector.ts'
export {
  CallsStatusNotApprovedError,
  CallsStatusTimeoutError,
  CapabilitiesAddressRequiredError,
  SmartAccountsUnsupportedError,
  UserOperationReceiptError,
  WalletAssetsUnavailableError,
} from './errors/eip5792.ts'
export {
  EmailCooldownError,
  EmbeddedWalletAbortedError,
  EmbeddedWalletLoadError,
  EmbeddedWalletRequestError,
  EmbeddedWalletTimeoutError,
  InvalidEmailError,
} from './errors/embeddedWallet.ts'
export { errorAlerts, getErrorAlertId } from './errors/errorAlerts.ts'
export {
  type ErrorAlertId,
  type ErrorCatalogueEntry,
  type ErrorCatalogueName,
  errorCatalogue,
  notRaisedYet,
  serverTextAlerts,
} from './errors/errorCatalogue.ts'
export {
  type ErrorMessageKeyName,
  errorMessageKeys,
  type GetErrorMessageKeyReturnType,
  getErrorMessageKey,
} from './errors/errorMessageKeys.ts'
export { type FromProviderErrorOptions, fromProviderError } from './errors/fromProviderError.ts'
export {
  type GetErrorCatalogueEntryReturnType,
  getErrorCatalogueEntry,
} from './errors/getErrorCatalogueEntry.ts'
export {
  BitcoinAddressInvalidError,
  BitcoinAddressNetworkError,
  SignedMessageMismatchError,
  WalletFeatureMissingError,
  WalletNetworkUnsupportedError,
} from './errors/namespaceWallet.ts'
export { ChainNotSupportedError, NetworkNotFoundError } from './errors/network.ts'
export { ProjectOriginsUnavailableError, UnverifiedDomainError } from './errors/projectOrigins.ts'
export {
  ChainDisconnectedError,
  InternalRpcError,
  InvalidChainIdError,
  InvalidParamsRpcError,
  InvalidRequestRpcError,
  MethodNotFoundRpcError,
  ParseRpcError,
  ProviderDisconnectedError,
  ServerRpcError,
  UnauthorizedProviderError,
} from './errors/provider.ts'
export { SessionExpiredError } from './errors/session.ts'
export { SignatureDeclinedError } from './errors/signature.ts'
export {
  RevokeSessionFailedError,
  SessionsUnavailableError,
  SignInFailedError,
} from './errors/signIn.ts'
export {
  AuthInitError,
  SocialSignInError,
  type SocialSignInErrorReason,
} from './errors/socialSignIn.ts'
// Swaps: the Swap view's flow over the convert API (spec section 7)
export {
  NoSwapRouteError,
  SwapNetworkNotSupportedError,
  SwapRequestError,
  SwapRevertedError,
  SwapWouldFailError,
} from './errors/swap.ts'
export {
  AccountNameResolutionError,
  InvalidTokenAddressError,
  InvalidTransferReceiverError,
  TransferChainUnsupportedError,
  TransferEstimateError,
  TransferFieldsRequiredError,
  TransferRevertedError,
  TransferTokenRequiredError,
} from './errors/transfer.ts'
// The log buffer (spec section 9) and its file for bug reports
export {
  type CreateLogBufferParameters,
  createLogBuffer,
  type LogBuffer,
  type LogEntry,
} from './logs/createLogBuffer.ts'
export {
  type GetLogsFileParameters,
  type GetLogsFileReturnType,
  getLogsFile,
} from './logs/getLogsFile.ts'
export {
  defaultLogBufferBytes,
  defaultLogLevel,
  type LogLevel,
  logLevels,
} from './logs/logLevels.ts'
export { scrubLogValue } from './logs/scrubLogValue.ts'
// Register an account name: the form as a framework-free flow (spec section 5)
export {
  type CreateRegisterNameFlowParameters,
  createRegisterNameFlow,
  type RegisterNameFlow,
  type RegisterNameFlowState,
  type RegisterNameSubmitResult,
} from './names/createRegisterNameFlow.ts'
export {
  type GetNameAvailabilityParameters,
  getNameAvailability,
  type NameAvailability,
} from './names/getNameAvailability.ts'
// Selectors
export {
  groupMultiChainConnectors,
  type ListedConnector,
} from './namespaces/groupMultiChainConnectors.ts'
// On-ramp: the Buy form as a framework-free flow (spec section 7)
export {
  type BuyFlow,
  type BuyFlowContinueResult,
  type BuyFlowPurchase,
  type BuyFlowState,
  buyQuoteDelayMs,
  type CreateBuyFlowParameters,
  createBuyFlow,
} from './onramp/createBuyFlow.ts'
export { type BuyCurrency, getBuyCurrencies } from './onramp/getBuyCurrencies.ts'
export {
  type GetOnrampOptionsErrorType,
  type GetOnrampOptionsParameters,
  type GetOnrampOptionsReturnType,
  getOnrampOptions,
} from './onramp/getOnrampOptions.ts'
export {
  type GetOnrampQuotesErrorType,
  type GetOnrampQuotesParameters,
  type GetOnrampQuotesReturnType,
  getOnrampQuotes,
} from './onramp/getOnrampQuotes.ts'
export {
  type GetOnrampUrlErrorType,
  type GetOnrampUrlParameters,
  type GetOnrampUrlReturnType,
  getOnrampUrl,
} from './onramp/getOnrampUrl.ts'
export {
  OnrampOptionsUnavailableError,
  OnrampQuoteUnavailableError,
  OnrampUrlUnavailableError,
} from './onramp/onrampErrors.ts'
export {
  type OnrampPageLike,
  type OnrampWindowLike,
  onrampWindowName,
  openOnrampWindow,
} from './onramp/openOnrampWindow.ts'
export {
  getOnrampLimit,
  type OnrampAmountMessage,
  type OnrampAmountMessageKey,
  type OnrampLimit,
  onrampAmountMessages,
  validateOnrampAmount,
} from './onramp/validateOnrampAmount.ts'
export {
  getOnrampPurchaseIds,
  onrampPollIntervalMs,
  onrampWaitTimeoutMs,
  type WaitForOnrampPurchaseParameters,
  type WaitForOnrampPurchaseReturnType,
  waitForOnrampPurchase,
} from './onramp/waitForOnrampPurchase.ts'
// Options
export {
  type ConnectMethod,
  defaultLatchOptions,
  defaultRestrictedTimeZones,
  type FiatCurrency,
  type LatchFeatures,
  type LatchOptions,
  type LatchOptionsParameters,
  resolveOptions,
  type SocialProvider,
  type ThemeMode,
  type ThemeVariables,
  unbuiltFeatures,
  type WalletFeature,
} from './options/createLatchOptions.ts'
export { isRestrictedTimeZone } from './options/isRestrictedTimeZone.ts'
// Wallet registry
export {
  InvalidProjectIdError,
  OriginNotAllowedError,
  WalletRegistryError,
} from './registry/errors.ts'
export {
  type GetRecommendedWalletsParameters,
  getRecommendedWallets,
  recommendedWalletsPageSize,
} from './registry/getRecommendedWallets.ts'
export {
  type MatchInjectedToListingsReturnType,
  matchInjectedToListings,
  normalizeRdns,
} from './registry/matchInjectedToListings.ts'
// Modal navigation
export {
  type CreateModalRouterParameters,
  createModalRouter,
  farcasterReloadDelay,
  type ModalRoute,
  type ModalRouter,
  type ModalRouterState,
  type TransactionStackAction,
} from './router/createModalRouter.ts'
export { type ModalView, modalViews } from './router/modalViews.ts'
export { getIsUnsupportedChain } from './selectors/getIsUnsupportedChain.ts'
// Send: the form as a framework-free flow (spec sections 4 and 5)
export {
  type CreateSendFlowParameters,
  createSendFlow,
  type SendFlow,
  type SendFlowFee,
  type SendFlowName,
  type SendFlowSent,
  type SendFlowState,
  type SendFlowSubmitResult,
  type SendFlowToken,
  type SendFlowTransfer,
} from './send/createSendFlow.ts'
export { formatSendFormMessage, type SendFormMessage } from './send/formatSendFormMessage.ts'
export { formatTokenUnits } from './send/formatTokenUnits.ts'
export { type ParsedTokenAmount, parseTokenAmount } from './send/parseTokenAmount.ts'
export { type ReceiverInput, readReceiver } from './send/readReceiver.ts'
export { type SendFormMessageKey, sendFormMessages } from './send/sendFormMessages.ts'
export {
  type NameResolution,
  type SendFormInput,
  type SendFormToken,
  type SendFormValidation,
  validateSendForm,
} from './send/validateSendForm.ts'
// Sign in with the wallet (EIP-4361; CAIP-122 for Solana and Bitcoin)
export {
  type CreateSignInFlowParameters,
  createSignInFlow,
  type SignInFlow,
  type SignInFlowState,
  type SignInFlowStatus,
} from './siwe/createSignInFlow.ts'
export {
  type CreateSignInMessageParameters,
  type CreateSignInMessageReturnType,
  createSignInMessage,
  signInExpiryMs,
} from './siwe/createSignInMessage.ts'
export {
  type CreateSiwxSignInMessageParameters,
  createSiwxSignInMessage,
} from './siwe/createSiwxSignInMessage.ts'
export { getSignInAccount, toSignInAccount } from './siwe/getSignInAccount.ts'
export {
  type GetSignInSessionErrorType,
  type GetSignInSessionParameters,
  type GetSignInSessionReturnType,
  getSignInSession,
} from './siwe/getSignInSession.ts'
export {
  type SignPersonalMessageErrorType,
  type SignPersonalMessageParameters,
  type SignPersonalMessageReturnType,
  signPersonalMessage,
} from './siwe/signPersonalMessage.ts'
export { watchSignOutOnDisconnect } from './siwe/watchSignOutOnDisconnect.ts'
export type { SocialSignInOutcome } from './social/finishSocialSignIn.ts'
export {
  type GetSocialRedirectReturnType,
  getSocialRedirect,
  takeSocialRedirect,
} from './social/getSocialRedirect.ts'
export { openSocialPopup, socialPopupName } from './social/openSocialPopup.ts'
export type { SocialPopupLike, SocialWindowLike } from './social/socialWindow.ts'
// Storage
export {
  type ConnectedConnectorIds,
  createLatchStorage,
  createMemoryStorage,
  type LatchStorage,
  legacyRecentConnectorStorageKey,
  maxRecentWallets,
  type RecentWallet,
  type RecentWalletInput,
  type StoredSignInSession,
  storageKeys,
  storageVersion,
} from './storage/createLatchStorage.ts'
export {
  type CreateSwapFlowParameters,
  createSwapFlow,
  priceImpactWarningPercent,
  type SwapFlow,
  type SwapFlowActionResult,
  type SwapFlowEvent,
  type SwapFlowIssue,
  type SwapFlowSide,
  type SwapFlowState,
  type SwapFlowStep,
  type SwapFlowToken,
} from './swaps/createSwapFlow.ts'
// Timing rules (spec section 9)
export * from './timings.ts'
// Toasts
export {
  type CreateToastStoreParameters,
  createToastStore,
  defaultToastDuration,
  type ShowToastParameters,
  type ToastState,
  type ToastStore,
  type ToastVariant,
  toastReplaceDelay,
} from './toasts/createToastStore.ts'
export {
  type CheckReceipt,
  type CreatePendingTransactionStoreParameters,
  createPendingTransactionStore,
  type PendingTransactionStore,
} from './transactions/createPendingTransactionStore.ts'
// Pending transactions
export type {
  PendingTransaction,
  SettledTransaction,
} from './transactions/PendingTransaction.ts'
// Utilities and host types
export type {
  Eip1193Provider,
  Eip1193RequestArguments,
  EventLike,
  EventTargetLike,
  FetchLike,
  Hex,
  KeyValueStorage,
  Scheduler,
  Unsubscribe,
} from './types.ts'
export {
  createRequestCache,
  getRequestCache,
  type RequestCache,
  type RequestOptions,
  type RequestState,
  requestCacheLimit,
} from './utils/createRequestCache.ts'
export { formatAmount } from './utils/formatAmount.ts'
export { isOriginAllowed } from './utils/isOriginAllowed.ts'
export { parseChainId } from './utils/parseChainId.ts'
export {
  type DevnetWalletBitcoin,
  type DevnetWalletChain,
  type DevnetWalletConfig,
  type DevnetWalletSolana,
  parseDevnetWalletConfig,
} from './webConfig/parseDevnetWalletConfig.ts'
export {
  type LatchBitcoinNetwork,
  type LatchCaipNetwork,
  type LatchNamespace,
  type LatchNetwork,
  type LatchSolanaNetwork,
  type LatchWebConfig,
  namespaceOf,
  parseLatchWebConfig,
} from './webConfig/parseLatchWebConfig.ts'
