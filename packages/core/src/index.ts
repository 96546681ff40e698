// Config and state

// Actions
export { cancelConnect } from './actions/cancelConnect.ts'
export {
  type ConnectErrorType,
  type ConnectParameters,
  type ConnectReturnType,
  connect,
} from './actions/connect.ts'
export { type DisconnectErrorType, disconnect } from './actions/disconnect.ts'
export {
  type GetBalanceErrorType,
  type GetBalanceParameters,
  type GetBalanceReturnType,
  getBalance,
} from './actions/getBalance.ts'
export { type GetConnectorErrorType, getConnector } from './actions/getConnector.ts'
export { reconnect } from './actions/reconnect.ts'
// CAIP
export { type CaipAccount, parseCaipAccount, toCaipAccount } from './caip/parseCaipAccount.ts'
export {
  type CaipNetworkId,
  parseCaipNetworkId,
  toCaipNetworkId,
} from './caip/toCaipNetworkId.ts'

// Connectors and discovery
export { announced } from './connectors/announced.ts'
export type {
  ChainNamespace,
  Connector,
  ConnectorConnectParameters,
  ConnectorConnectResult,
  ConnectorType,
} from './connectors/types.ts'
export {
  type WalletConnectParameters,
  type WalletConnectSdk,
  walletConnect,
} from './connectors/walletConnect.ts'
export {
  type ConnectionStatus,
  type CreateLatchConfigParameters,
  createLatchConfig,
  disconnectedState,
  type LatchConfig,
  type LatchState,
  recentConnectorStorageKey,
} from './createLatchConfig.ts'
export {
  type Eip6963ProviderDetail,
  type Eip6963ProviderInfo,
  type WatchAnnouncedProvidersParameters,
  watchAnnouncedProviders,
} from './eip6963/watchAnnouncedProviders.ts'
// Errors
export { BalanceUnavailableError } from './errors/balance.ts'
export { BaseError, type BaseErrorParameters } from './errors/base.ts'
export { InvalidCaipAccountError, InvalidCaipNetworkIdError } from './errors/caip.ts'
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
  toConnectorError,
  UserRejectedRequestError,
} from './errors/connector.ts'
// Modal navigation
export {
  createModalRouter,
  type ModalRoute,
  type ModalRouter,
  type ModalRouterState,
  type ModalView,
} from './router/createModalRouter.ts'
// Utilities and host types
export type {
  Eip1193Provider,
  Eip1193RequestArguments,
  EventLike,
  EventTargetLike,
  FetchLike,
  Hex,
  KeyValueStorage,
  Unsubscribe,
} from './types.ts'
export { formatAmount } from './utils/formatAmount.ts'
export { parseChainId } from './utils/parseChainId.ts'
export {
  type LatchNetwork,
  type LatchWebConfig,
  parseLatchWebConfig,
} from './webConfig/parseLatchWebConfig.ts'
