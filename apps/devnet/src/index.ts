export {
  deterministicDeployerAddress,
  entryPointV07Address,
  simpleAccountFactoryV07Address,
} from './aa/accountAbstractionAddresses.ts'
export {
  type CreatePaymasterServiceParameters,
  createPaymasterService,
  type PaymasterServiceChain,
} from './aa/createPaymasterService.ts'
export {
  type AccountAbstractionContracts,
  deployAccountAbstraction,
} from './aa/deployAccountAbstraction.ts'
export {
  BundlerStartError,
  type StartAltoParameters,
  type StartAltoReturnType,
  startAlto,
} from './aa/startAlto.ts'
export { anvilAccounts, anvilMnemonic } from './accounts.ts'
export { type AssertPortsFreeParameters, assertPortsFree } from './assertPortsFree.ts'
export { BitcoinRejectError, BitcoinRequestError } from './bitcoin/bitcoinErrors.ts'
export {
  type BitcoinChain,
  type CreateBitcoinChainParameters,
  createBitcoinChain,
} from './bitcoin/createBitcoinChain.ts'
export { type CreateEsploraAppParameters, createEsploraApp } from './bitcoin/createEsploraApp.ts'
export { regtest, regtestCaipNetworkId, regtestGenesisHash } from './bitcoin/regtest.ts'
export {
  getBitcoinTestAddresses,
  type StartBitcoinParameters,
  type StartBitcoinReturnType,
  startBitcoin,
} from './bitcoin/startBitcoin.ts'
export { toRegtestOutputScript } from './bitcoin/toRegtestOutputScript.ts'
export { type DevnetChainId, devnetChains, publicChainIds } from './chains.ts'
export {
  type CreateDevnetClientsParameters,
  createDevnetClients,
  type DevnetClients,
} from './createDevnetClients.ts'
export { type CreateServicesAppParameters, createServicesApp } from './createServicesApp.ts'
export { createTransactionQueue, type TransactionQueue } from './createTransactionQueue.ts'
export { devnetCollection, devnetPools, devnetTokens, nativeCurrency } from './devnetAssets.ts'
export { getManifestPath, readDevnetEnv } from './env.ts'
export {
  AnvilStartError,
  DevnetError,
  DevnetNotRunningError,
  DevnetTransactionError,
  FaucetRequestError,
  InvalidManifestError,
  PortInUseError,
} from './errors.ts'
export {
  createFarcasterSignature,
  type FarcasterSignInRequest,
  farcasterSiweChainId,
} from './farcaster/createFarcasterSignature.ts'
export { type FarcasterTestUser, farcasterTestUsers } from './farcaster/farcasterTestUsers.ts'
export { idRegistryAbi } from './farcaster/idRegistryAbi.ts'
export {
  type SignInWithFarcasterParameters,
  signInWithFarcaster,
} from './farcaster/signInWithFarcaster.ts'
export {
  type StartFarcasterParameters,
  type StartFarcasterReturnType,
  startFarcaster,
} from './farcaster/startFarcaster.ts'
export {
  type StartFarcasterRelayParameters,
  type StartFarcasterRelayReturnType,
  startFarcasterRelay,
} from './farcaster/startFarcasterRelay.ts'
export {
  type FundedAsset,
  type FundRequest,
  type FundResponse,
  fundRequestSchema,
  fundResponseSchema,
} from './faucetSchema.ts'
export { findFreePort } from './findFreePort.ts'
export { isPortFree } from './isPortFree.ts'
export {
  type CreateMailboxParameters,
  createMailbox,
  type Mailbox,
  type MailboxMessage,
} from './mailbox/createMailbox.ts'
export {
  type StartMailboxSmtpServerParameters,
  type StartMailboxSmtpServerReturnType,
  startMailboxSmtpServer,
} from './mailbox/startMailboxSmtpServer.ts'
export {
  type CompleteOidcLoginParameters,
  completeOidcLogin,
} from './oidc/completeOidcLogin.ts'
export { type OidcTestUser, oidcTestUsers } from './oidc/oidcTestUsers.ts'
export {
  type OidcClientCredentials,
  type OidcClients,
  readOrCreateOidcClients,
} from './oidc/readOrCreateOidcClients.ts'
export {
  type LocalOidcProviderSettings,
  type StartLocalOidcProviderParameters,
  type StartLocalOidcProviderReturnType,
  startLocalOidcProvider,
} from './oidc/startLocalOidcProvider.ts'
export {
  defaultPortBase,
  getStackPorts,
  type StackPorts,
  stackPortCount,
  testPortBase,
} from './ports.ts'
export { readDevnetManifest } from './readManifest.ts'
export {
  type StartRelayParameters,
  type StartRelayReturnType,
  startRelay,
} from './relay/startRelay.ts'
export {
  solanaDevnetCaipNetworkId,
  solanaDevnetGenesisHash,
} from './solana/solanaDevnetGenesisHash.ts'
export {
  type StartSolanaParameters,
  type StartSolanaReturnType,
  startSolana,
} from './solana/startSolana.ts'
export {
  type StartAnvilParameters,
  type StartAnvilReturnType,
  startAnvil,
} from './startAnvil.ts'
export {
  type StartDevnetParameters,
  type StartDevnetReturnType,
  startDevnet,
} from './startDevnet.ts'
export { writeDevnetManifest } from './writeDevnetManifest.ts'
