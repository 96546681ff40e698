/**
 * `@latch/test`: the one test kit. Tests of every package and the browser tests import it;
 * production code never does (`scripts/layers.ts` checks).
 */
export {
  anvilAccounts,
  completeOidcLogin,
  createFarcasterSignature,
  findFreePort,
  idRegistryAbi,
  isPortFree,
  oidcTestUsers,
  type StartLocalOidcProviderReturnType,
  type StartRelayReturnType,
  signInWithFarcaster,
  startLocalOidcProvider,
  writeDevnetManifest,
} from '@latch/devnet'
export { createApiTestConfig } from './createApiTestConfig.ts'
export {
  createBitcoinTestWallet,
  createSolanaTestWallet,
} from './createStandardTestWallets.ts'
export {
  type CreateTestWalletParameters,
  createTestWallet,
  type Decision,
  type TestWallet,
  type TestWalletChain,
  type TestWalletEvents,
} from './createTestWallet.ts'
export {
  type CreateWalletStandardTestPageParameters,
  createWalletStandardTestPage,
} from './createWalletStandardTestPage.ts'
export { deploySimple7702Account } from './deploySimple7702Account.ts'
export { devnetManifestFixture, fixtureProjectId } from './devnetManifestFixture.ts'
export { findFreePortBlock } from './findFreePortBlock.ts'
export { originMatchCases } from './originMatchCases.ts'
export {
  type StartTestAnvilParameters,
  type StartTestAnvilReturnType,
  startTestAnvil,
} from './startTestAnvil.ts'
export { type StartTestBitcoinReturnType, startTestBitcoin } from './startTestBitcoin.ts'
export {
  type StartTestDevnetParameters,
  type StartTestDevnetReturnType,
  startTestDevnet,
} from './startTestDevnet.ts'
export { type StartTestFarcasterReturnType, startTestFarcaster } from './startTestFarcaster.ts'
export { startTestRelay } from './startTestRelay.ts'
export { type StartTestSolanaReturnType, startTestSolana } from './startTestSolana.ts'
export { toWalletRpcError, type WalletRpcError } from './toWalletRpcError.ts'
