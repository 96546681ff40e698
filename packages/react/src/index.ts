// Views (props in, callbacks out) and their wired versions

// Account names: views (lazy in the modal) and their query options
export { getNameAvailability, type NameAvailability } from '@latch/core'
export { AccountAvatar, getAvatarGradient } from './account/AccountAvatar.tsx'
export { type AccountTab, AccountTabs, type AccountTabsProps } from './account/AccountTabs.tsx'
export {
  type AccountBalance,
  type AccountFeatureButton,
  AccountView,
  type AccountViewProps,
} from './account/AccountView.tsx'
export {
  type ActivityGroupView,
  ActivityList,
  type ActivityListProps,
  type ActivityRowView,
} from './account/ActivityList.tsx'
export {
  accountGcTime,
  accountRefetchInterval,
  accountRetryDelay,
} from './account/accountQueryTimings.ts'
export {
  balanceRetryInterval,
  canRetryBalance,
  getBalanceRetryAt,
} from './account/balanceRetry.ts'
export { ConnectedAccount, type ConnectedAccountProps } from './account/ConnectedAccount.tsx'
export { type FormatFiatParameters, formatFiat } from './account/formatFiat.ts'
export { formatRelativeTime } from './account/formatRelativeTime.ts'
export {
  formatSignedTokenAmount,
  formatTokenAmount,
  tokenAmountDigits,
} from './account/formatTokenAmount.ts'
export {
  getRelativeTime,
  type RelativeTime,
  type RelativeTimeUnit,
} from './account/getRelativeTime.ts'
export { builtWalletFeatures, getWalletFeatures } from './account/getWalletFeatures.ts'
export { type DateGroup, type DateGroupLabel, groupByDate } from './account/groupByDate.ts'
export {
  type HistoryQueryParameters,
  historyQueryKey,
  historyQueryOptions,
} from './account/historyQueryOptions.ts'
export { identityQueryKey, identityQueryOptions } from './account/identityQueryOptions.ts'
export { loadAccountPanel } from './account/loadAccountPanel.ts'
export { NftGrid, type NftGridProps, type NftTileView } from './account/NftGrid.tsx'
export {
  type NftsQueryParameters,
  nftsQueryKey,
  nftsQueryOptions,
} from './account/nftsQueryOptions.ts'
export { shortenAddress } from './account/shortenAddress.ts'
export { TokenIcon } from './account/TokenIcon.tsx'
export { TokenList, type TokenListProps, type TokenRowView } from './account/TokenList.tsx'
export { type ActivityOperation, type ActivityRow, toActivityRow } from './account/toActivityRow.ts'
export { toIntlLocale } from './account/toIntlLocale.ts'
export {
  type TokenBalancesQueryParameters,
  tokenBalancesQueryKey,
  tokenBalancesQueryOptions,
} from './account/tokenBalancesQueryOptions.ts'
export {
  type UseAccountBalanceParameters,
  useAccountBalance,
} from './account/useAccountBalance.ts'
export { useAccountHistory } from './account/useAccountHistory.ts'
export { useAccountNfts } from './account/useAccountNfts.ts'
export { useDisconnectAccount } from './account/useDisconnectAccount.ts'
export { useIdentity } from './account/useIdentity.ts'
export { Alert, type AlertProps } from './alerts/Alert.tsx'
export {
  type AlertId,
  alerts,
  getAlertId,
  getAlertIdFromServerMessage,
} from './alerts/alerts.ts'
// Types of the connect-flow views and hooks. Their values stay out of this entry: anything it
// re-exports is bundled into the page's first chunk, while the modal loads them lazily.
export type { AllWalletsViewProps, WalletTile } from './connect/AllWalletsView.tsx'
export { ConnectButton, type ConnectButtonProps } from './connect/ConnectButton.tsx'
export type { ConnectingExternalProps } from './connect/ConnectingExternal.tsx'
export type { ConnectingWalletConnectProps } from './connect/ConnectingWalletConnect.tsx'
export type { ConnectingWalletConnectBasicProps } from './connect/ConnectingWalletConnectBasic.tsx'
export { ConnectModalHost } from './connect/ConnectModalHost.tsx'
export type { ConnectViewProps } from './connect/ConnectView.tsx'
export { ConnectWallet } from './connect/ConnectWallet.tsx'
export type { WalletLinks, WalletOpenLinks } from './connect/deepLink.ts'
export type { AttemptState } from './connect/getAttemptState.ts'
export type {
  ConnectTarget,
  ConnectWalletItem,
  WalletConnectTarget,
} from './connect/getConnectWallets.ts'
export { loadConnectModal } from './connect/loadConnectModal.ts'
// Errors as people read them
export { getErrorMessage, isUserRejection, type Translate } from './errors/getErrorMessage.ts'
// Hooks (glue between core and views)
export { type UseAccountReturnType, useAccount } from './hooks/useAccount.ts'
export type { UseAllWalletsReturnType } from './hooks/useAllWallets.ts'
export { balanceRetryDelay, type UseBalanceParameters, useBalance } from './hooks/useBalance.ts'
export { useConfig } from './hooks/useConfig.ts'
export { type UseConnectReturnType, useConnect } from './hooks/useConnect.ts'
export type { UseConnectFlowReturnType } from './hooks/useConnectFlow.ts'
export { type UseConnectModalReturnType, useConnectModal } from './hooks/useConnectModal.ts'
export { useConnectors } from './hooks/useConnectors.ts'
export { useCopyToClipboard } from './hooks/useCopyToClipboard.ts'
export { useDisconnect } from './hooks/useDisconnect.ts'
export { useLatchState } from './hooks/useLatchState.ts'
export { useMessages } from './hooks/useMessages.ts'
export { createI18n } from './i18n/createI18n.ts'
// Messages
export type { MessageKey, Messages } from './i18n/en.ts'
export {
  getLoadedMessages,
  type LocaleCode,
  loadLocaleMessages,
  locales,
  pickLocale,
  translate,
} from './i18n/locales.ts'
export { LatchProvider, type LatchProviderProps } from './LatchProvider.tsx'
export {
  accountNamesQueryKey,
  accountNamesQueryOptions,
  nameSuggestionsQueryKey,
  nameSuggestionsQueryOptions,
} from './names/nameSuggestionsQueryOptions.ts'
export type { RegisterAccountNameSuccessViewProps } from './names/RegisterAccountNameSuccessView.tsx'
export type { RegisterAccountNameViewProps } from './names/RegisterAccountNameView.tsx'
export { getNetworkHue, getNetworkTag, type NetworkTag } from './networks/getNetworkTag.ts'
export { NetworkIcon, type NetworkIconProps } from './networks/NetworkIcon.tsx'
export { NetworkList, type NetworkListProps, type NetworkOption } from './networks/NetworkList.tsx'
export { NetworksContainer } from './networks/NetworksContainer.tsx'
export { NetworksView, type NetworksViewProps } from './networks/NetworksView.tsx'
export { UnsupportedChainContainer } from './networks/UnsupportedChainContainer.tsx'
export {
  UnsupportedChainView,
  type UnsupportedChainViewProps,
} from './networks/UnsupportedChainView.tsx'
export { useNetworkOptions } from './networks/useNetworkOptions.ts'
export { type UseSwitchChainReturnType, useSwitchChain } from './networks/useSwitchChain.ts'
export { useUnsupportedChainWatcher } from './networks/useUnsupportedChainWatcher.ts'
export { LatchQueryProvider } from './query/LatchQueryProvider.tsx'
export { openSignIn, pushSignIn, signInViews } from './siwe/openSignIn.ts'
// Sign in with the wallet: the gate (in the page) and the views' types (lazy in the modal)
export type { SessionRowView, SessionsViewProps } from './siwe/SessionsView.tsx'
export { SignInGate, type SignInGateProps } from './siwe/SignInGate.tsx'
export type { SignInViewProps } from './siwe/SignInView.tsx'
export {
  sessionsQueryKey,
  sessionsQueryOptions,
  signInQueryKey,
  signInQueryOptions,
} from './siwe/signInQueryOptions.ts'
export {
  getAccentTextColor,
  getReadableTextColor,
  getThemeStyle,
  type ResolvedThemeMode,
  resolveThemeMode,
  type ThemeStyle,
} from './theme/getThemeStyle.ts'
export {
  LatchTheme,
  type LatchThemeProps,
  ThemeRoot,
  type ThemeRootProps,
} from './theme/LatchTheme.tsx'
export { type UseLatchThemeReturnType, useLatchTheme } from './theme/useLatchTheme.ts'
export { Toasts, type ToastsProps } from './toasts/Toasts.tsx'
export { ToastViewport, type ToastViewportProps } from './toasts/ToastViewport.tsx'
export { useToastState, useToasts } from './toasts/useToasts.ts'
