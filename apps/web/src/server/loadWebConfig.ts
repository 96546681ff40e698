import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import {
  caipRpcEndpointUrl,
  type DevnetManifest,
  devnetManifestSchema,
  rpcEndpointUrl,
} from '@latch/api-contract'
import {
  type ConfigSource,
  defaultApiUrl,
  isEip155Network,
  type LatchConfig,
  listSocialSignIns,
  parseConfig,
} from '@latch/config'
import {
  type LatchCaipNetwork,
  type LatchNetwork,
  type LatchWebConfig,
  resolveOptions,
} from '@latch/core'

export { defaultApiUrl }

export type LoadWebConfigParameters =
  | {
      /** The process's configuration, parsed once at start (`loadConfig()` of `@latch/config`). */
      config: LatchConfig
    }
  | {
      /** Raw settings (tests, the Vite dev server): parsed here with the one schema. */
      env: ConfigSource
      /** Unused: the state folder is LATCH_STATE_DIR, else `<repo>/.latch`. */
      rootDir?: string | undefined
    }

/** Reads `{stateDir}/devnet.json` when the devnet wrote one. */
export function readDevnetManifest(stateDir: string): DevnetManifest | undefined {
  const path = join(stateDir, 'devnet.json')
  if (!existsSync(path)) return undefined
  return devnetManifestSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
}

/** A network as the page sees it: names and currency, and the API's RPC endpoint, never a node. */
type PageNetworkSource = {
  id: number
  name: string
  nativeCurrency: LatchNetwork['nativeCurrency']
  blockExplorerUrl?: string | undefined
}

/**
 * Builds the web app's runtime config from the one configuration: each LATCH_* setting wins;
 * what is unset comes from the devnet manifest. Without LATCH_NETWORKS the devnet profile
 * applies, which also enables the in-page Devnet Wallet holding the manifest's demo key.
 *
 * The page never holds a node URL: every network's `rpcUrl` is the API's JSON-RPC endpoint
 * (`${apiUrl}/v1/?chainId=eip155:N&projectId=P`, and `chainId=solana:<ref>` for a Solana
 * network, the devnet's included: one code path, only the URL differs). Only the Devnet
 * Wallet, which plays a wallet and so owns its node, gets the devnet's anvil URLs
 * (`devnetWallet.rpcUrls`); it exists in the devnet profile only, never with LATCH_NETWORKS.
 * Its Solana side sends through the API's relay too.
 *
 * A missing project id is allowed: the page then shows "Project ID Not Configured".
 */
export function loadWebConfig(parameters: LoadWebConfigParameters): LatchWebConfig {
  const config = 'config' in parameters ? parameters.config : parseConfig(parameters.env)
  const manifest = readDevnetManifest(config.LATCH_STATE_DIR)
  const apiUrl = config.LATCH_API_URL
  const projectId = config.LATCH_PROJECT_ID || manifest?.projectId || ''
  const toPageNetwork = (network: PageNetworkSource): LatchNetwork => ({
    id: network.id,
    name: network.name,
    caipNetworkId: `eip155:${network.id}`,
    rpcUrl: rpcEndpointUrl({ apiUrl, chainId: network.id, projectId }),
    nativeCurrency: network.nativeCurrency,
    ...(network.blockExplorerUrl ? { blockExplorerUrl: network.blockExplorerUrl } : {}),
  })

  const solanaRpcUrl = (caipNetworkId: string) =>
    caipRpcEndpointUrl({ apiUrl, caipNetworkId, projectId })

  let networks: LatchNetwork[]
  // Every network in the configured order, when some are Solana or Bitcoin (issue 16).
  let caipNetworks: LatchCaipNetwork[] = []
  let devnetWallet: LatchWebConfig['devnetWallet']
  if (config.LATCH_NETWORKS) {
    networks = config.LATCH_NETWORKS.filter(isEip155Network).map(toPageNetwork)
    caipNetworks = config.LATCH_NETWORKS.map((network): LatchCaipNetwork => {
      if (network.namespace === 'eip155') return toPageNetwork(network)
      const common = {
        reference: network.id,
        name: network.name,
        nativeCurrency: network.nativeCurrency,
        ...(network.blockExplorerUrl ? { blockExplorerUrl: network.blockExplorerUrl } : {}),
      }
      if (network.namespace === 'bip122')
        return {
          namespace: 'bip122',
          caipNetworkId: network.caipNetworkId,
          network: network.network,
          ...common,
        }
      // The node URL (rpcUrl) may hold a provider key: the page gets the API's Solana relay.
      return {
        namespace: 'solana',
        caipNetworkId: network.caipNetworkId,
        rpcUrl: solanaRpcUrl(network.caipNetworkId),
        ...common,
      }
    })
  } else if (manifest) {
    networks = manifest.chains.map(toPageNetwork)
    // The devnet's Solana and Bitcoin chains, Solana's RPC through the API's relay as on a
    // real network.
    caipNetworks = [
      ...networks,
      ...(manifest.solana
        ? [
            {
              namespace: 'solana' as const,
              reference: manifest.solana.caipNetworkId.slice('solana:'.length),
              caipNetworkId: manifest.solana.caipNetworkId as `solana:${string}`,
              name: manifest.solana.name,
              rpcUrl: solanaRpcUrl(manifest.solana.caipNetworkId),
              nativeCurrency: manifest.solana.nativeCurrency,
            },
          ]
        : []),
      ...(manifest.bitcoin
        ? [
            {
              namespace: 'bip122' as const,
              reference: manifest.bitcoin.caipNetworkId.slice('bip122:'.length),
              caipNetworkId: manifest.bitcoin.caipNetworkId as `bip122:${string}`,
              name: manifest.bitcoin.name,
              network: manifest.bitcoin.network,
              nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: 8 },
            },
          ]
        : []),
    ]
    const [solanaKey] = manifest.solana?.accounts ?? []
    const [bitcoinKey] = manifest.bitcoin?.accounts ?? []
    devnetWallet = {
      // The Wallet Standard devnet wallets (issue 16): each chain's node and its first test key.
      ...(manifest.solana && solanaKey
        ? {
            solana: {
              caipNetworkId: manifest.solana.caipNetworkId as `solana:${string}`,
              // Through the API's relay: the devnet's Solana node URL never reaches the page.
              rpcUrl: solanaRpcUrl(manifest.solana.caipNetworkId),
              address: solanaKey.address,
              secretKey: solanaKey.secretKey,
            },
          }
        : {}),
      ...(manifest.bitcoin && bitcoinKey
        ? {
            bitcoin: {
              caipNetworkId: manifest.bitcoin.caipNetworkId as `bip122:${string}`,
              network: manifest.bitcoin.network,
              esploraUrl: manifest.bitcoin.esploraUrl,
              paymentAddress: bitcoinKey.paymentAddress,
              ordinalsAddress: bitcoinKey.ordinalsAddress,
              wif: bitcoinKey.wif,
            },
          }
        : {}),
      address: manifest.demoWallet.address as `0x${string}`,
      privateKey: manifest.demoWallet.privateKey as `0x${string}`,
      chainIds: manifest.chains.map((chain) => chain.id),
      rpcUrls: Object.fromEntries(manifest.chains.map((chain) => [chain.id, chain.rpcUrl])),
      // EIP-5792 batches (through the chain's EIP-7702 delegate) and EIP-7811 assets.
      chains: Object.fromEntries(
        manifest.chains.map((chain) => [
          chain.id,
          {
            ...(chain.accountAbstraction
              ? { simple7702Account: chain.accountAbstraction.simple7702Account as `0x${string}` }
              : {}),
            tokens: chain.tokens.map(({ address, name, symbol, decimals }) => ({
              address: address as `0x${string}`,
              name,
              symbol,
              decimals,
            })),
          },
        ]),
      ),
    }
  } else {
    throw new Error(
      `No networks: set LATCH_NETWORKS, or start the devnet so ${join(config.LATCH_STATE_DIR, 'devnet.json')} exists.`,
    )
  }

  const relayUrl = config.LATCH_RELAY_URL || manifest?.relayUrl
  if (!relayUrl) throw new Error('No relay: set LATCH_RELAY_URL, or start the devnet.')

  const viewOptions: Pick<
    LatchWebConfig,
    | 'features'
    | 'connectMethodsOrder'
    | 'walletFeaturesOrder'
    | 'termsConditionsUrl'
    | 'privacyPolicyUrl'
    | 'restrictedTimeZones'
  > = {
    ...(config.LATCH_FEATURES ? { features: config.LATCH_FEATURES } : {}),
    ...(config.LATCH_CONNECT_METHODS_ORDER
      ? { connectMethodsOrder: config.LATCH_CONNECT_METHODS_ORDER }
      : {}),
    ...(config.LATCH_WALLET_FEATURES_ORDER
      ? { walletFeaturesOrder: config.LATCH_WALLET_FEATURES_ORDER }
      : {}),
    ...(config.LATCH_TERMS_URL ? { termsConditionsUrl: config.LATCH_TERMS_URL } : {}),
    ...(config.LATCH_PRIVACY_URL ? { privacyPolicyUrl: config.LATCH_PRIVACY_URL } : {}),
    ...(config.LATCH_RESTRICTED_TIME_ZONES
      ? { restrictedTimeZones: config.LATCH_RESTRICTED_TIME_ZONES }
      : {}),
  }
  // The config check at start: a feature this build does not have, or the legal checkbox
  // without a link, stops the server with core's InvalidConfigError (its issues name the field).
  resolveOptions(viewOptions)

  return {
    apiUrl,
    projectId,
    relayUrl,
    // The embedded wallet's secure site (email sign-in), on its own origin.
    authUrl: config.LATCH_AUTH_URL,
    ...(config.LATCH_WALLETCONNECT_PROJECT_ID
      ? { walletConnectProjectId: config.LATCH_WALLETCONNECT_PROJECT_ID }
      : {}),
    appName: config.LATCH_APP_NAME,
    networks,
    // Only when some network is Solana or Bitcoin: `/latch-config.js` then lists these.
    ...(caipNetworks.length > networks.length ? { caipNetworks } : {}),
    // The social sign-ins the API offers (the same rule as its routes): the Connect view's
    // buttons. The secrets stay on the server.
    socials: listSocialSignIns(config, manifest),
    ...(devnetWallet ? { devnetWallet } : {}),
    ...(config.LATCH_LOCALE ? { locale: config.LATCH_LOCALE } : {}),
    ...(config.LATCH_THEME_MODE ? { themeMode: config.LATCH_THEME_MODE } : {}),
    ...(config.LATCH_ACCENT ? { themeVariables: { accent: config.LATCH_ACCENT } } : {}),
    ...(config.LATCH_REQUIRE_SIGN_IN ? { signIn: 'required' as const } : {}),
    ...(config.LATCH_NAME_SUFFIX ? { nameSuffix: config.LATCH_NAME_SUFFIX } : {}),
    ...viewOptions,
  }
}
