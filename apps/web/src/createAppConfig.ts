import {
  createLatchConfig,
  type LatchConfig,
  type LatchWebConfig,
  walletConnect,
} from '@latch/core'

/** The app's `LatchConfig`: browser wallets through EIP-6963, phones through WalletConnect. */
export function createAppConfig(webConfig: LatchWebConfig, window: Window): LatchConfig {
  return createLatchConfig({
    networks: webConfig.networks,
    apiUrl: webConfig.apiUrl,
    projectId: webConfig.projectId,
    announceTarget: window,
    storage: window.localStorage,
    options: {
      locale: webConfig.locale,
      themeMode: webConfig.themeMode,
      themeVariables: webConfig.themeVariables,
      appName: webConfig.appName,
      signIn: webConfig.signIn,
      nameSuffix: webConfig.nameSuffix,
      features: webConfig.features,
      connectMethodsOrder: webConfig.connectMethodsOrder,
      walletFeaturesOrder: webConfig.walletFeaturesOrder,
      termsConditionsUrl: webConfig.termsConditionsUrl,
      privacyPolicyUrl: webConfig.privacyPolicyUrl,
      restrictedTimeZones: webConfig.restrictedTimeZones,
    },
    connectors: [
      walletConnect({
        projectId: webConfig.walletConnectProjectId ?? webConfig.projectId,
        relayUrl: webConfig.relayUrl,
        networks: webConfig.networks,
        metadata: {
          name: webConfig.appName,
          description: `${webConfig.appName}: connect a wallet and see your balances.`,
          url: window.location.origin,
          icons: [],
        },
      }),
    ],
  })
}
