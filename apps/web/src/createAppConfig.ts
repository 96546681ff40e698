import {
  type Connector,
  createLatchConfig,
  embeddedWallet,
  type LatchConfig,
  type LatchWebConfig,
  resolveOptions,
  walletConnect,
} from '@latch/core'

/**
 * The app's `LatchConfig`: browser wallets through EIP-6963, phones through WalletConnect,
 * and email and social sign-in through the embedded wallet when the config has an auth site
 * and the email feature is on, or social sign-ins are offered (its code loads only when the
 * person starts signing in, or when a stored session is restored on load).
 */
export function createAppConfig(webConfig: LatchWebConfig, window: Window): LatchConfig {
  const metadata = {
    name: webConfig.appName,
    description: `${webConfig.appName}: connect a wallet and see your balances.`,
    url: window.location.origin,
    icons: [],
  }
  const options = {
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
  }
  // The whole options, as createLatchConfig checks them (one feature alone may not validate).
  const { features } = resolveOptions(options)
  const socials = features.socials ? (webConfig.socials ?? []) : []
  const embedded: Connector[] =
    (features.email || socials.length > 0) && webConfig.authUrl
      ? [
          embeddedWallet({
            authUrl: webConfig.authUrl,
            projectId: webConfig.projectId,
            apiUrl: webConfig.apiUrl,
            chainIds: webConfig.networks.map((network) => network.id),
            // The wallet's Solana account (derived in its frame) on the app's Solana networks.
            solanaNetworks: webConfig.caipNetworks?.filter(
              (network) => network.namespace === 'solana',
            ),
            metadata,
            themeMode: () =>
              webConfig.themeMode === 'dark' ||
              (webConfig.themeMode !== 'light' &&
                window.matchMedia?.('(prefers-color-scheme: dark)').matches)
                ? 'dark'
                : 'light',
            window,
            socials,
          }),
        ]
      : []
  return createLatchConfig({
    // Every namespace's networks (Solana and Bitcoin wallets beside the EVM ones, issue 16).
    networks: webConfig.caipNetworks ?? webConfig.networks,
    apiUrl: webConfig.apiUrl,
    projectId: webConfig.projectId,
    announceTarget: window,
    storage: window.localStorage,
    options,
    connectors: [
      walletConnect({
        projectId: webConfig.walletConnectProjectId ?? webConfig.projectId,
        relayUrl: webConfig.relayUrl,
        // Proposes the Solana and Bitcoin networks too: a phone wallet may approve any of them.
        networks: webConfig.caipNetworks ?? webConfig.networks,
        metadata,
      }),
      ...embedded,
    ],
  })
}
