import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type DevnetManifest, devnetManifestSchema } from '@latch/api-contract'
import type { LatchNetwork, LatchWebConfig } from '@latch/core'

/** The devnet API's address when LATCH_API_URL is unset (the default port base 4170, + 1). */
export const defaultApiUrl = 'http://127.0.0.1:4171'

export type LoadWebConfigParameters = {
  /** Usually `process.env`; only these keys are read. */
  env: {
    LATCH_API_URL?: string | undefined
    LATCH_PROJECT_ID?: string | undefined
    LATCH_RELAY_URL?: string | undefined
    LATCH_WALLETCONNECT_PROJECT_ID?: string | undefined
    LATCH_NETWORKS?: string | undefined
    LATCH_APP_NAME?: string | undefined
    LATCH_STATE_DIR?: string | undefined
    LATCH_LOCALE?: string | undefined
    LATCH_THEME_MODE?: string | undefined
    LATCH_ACCENT?: string | undefined
    LATCH_REQUIRE_SIGN_IN?: string | undefined
    LATCH_NAME_SUFFIX?: string | undefined
  }
  /** Where `.latch/` lives when LATCH_STATE_DIR is unset (the repository root). */
  rootDir: string
}

/** Reads `{stateDir}/devnet.json` when the devnet wrote one. */
export function readDevnetManifest(stateDir: string): DevnetManifest | undefined {
  const path = join(stateDir, 'devnet.json')
  if (!existsSync(path)) return undefined
  return devnetManifestSchema.parse(JSON.parse(readFileSync(path, 'utf8')))
}

/** The devnet chains as the client's networks. */
export function networksFromManifest(manifest: DevnetManifest): LatchNetwork[] {
  return manifest.chains.map((chain) => ({
    id: chain.id,
    name: chain.name,
    caipNetworkId: chain.caipNetworkId,
    rpcUrl: chain.rpcUrl,
    nativeCurrency: chain.nativeCurrency,
    ...(chain.blockExplorerUrl ? { blockExplorerUrl: chain.blockExplorerUrl } : {}),
  }))
}

/**
 * Builds the web app's runtime config: each LATCH_* variable wins; what is unset comes from
 * the devnet manifest. Without LATCH_NETWORKS the devnet profile applies, which also enables
 * the in-page Devnet Wallet holding the manifest's demo key. A missing project id is allowed:
 * the page then shows "Project ID Not Configured". LATCH_LOCALE, LATCH_THEME_MODE and
 * LATCH_ACCENT set the views' locale, theme mode and accent colour (checked by the page's
 * parseLatchWebConfig, which lists a bad value). LATCH_REQUIRE_SIGN_IN=true makes every
 * connected wallet sign in (EIP-4361); LATCH_NAME_SUFFIX is the account names' suffix, as the
 * API's.
 */
export function loadWebConfig(parameters: LoadWebConfigParameters): LatchWebConfig {
  const { env } = parameters
  const stateDir = env.LATCH_STATE_DIR || join(parameters.rootDir, '.latch')
  const manifest = readDevnetManifest(stateDir)

  let networks: LatchNetwork[]
  let devnetWallet: LatchWebConfig['devnetWallet']
  if (env.LATCH_NETWORKS) {
    try {
      networks = JSON.parse(env.LATCH_NETWORKS) as LatchNetwork[]
    } catch (error) {
      throw new Error(`LATCH_NETWORKS is not valid JSON: ${(error as Error).message}`)
    }
  } else if (manifest) {
    networks = networksFromManifest(manifest)
    devnetWallet = {
      address: manifest.demoWallet.address as `0x${string}`,
      privateKey: manifest.demoWallet.privateKey as `0x${string}`,
      chainIds: manifest.chains.map((chain) => chain.id),
    }
  } else {
    throw new Error(
      `No networks: set LATCH_NETWORKS, or start the devnet so ${join(stateDir, 'devnet.json')} exists.`,
    )
  }

  const themeMode = env.LATCH_THEME_MODE || undefined
  if (themeMode && !['light', 'dark', 'system'].includes(themeMode))
    throw new Error(`LATCH_THEME_MODE must be light, dark or system, not "${themeMode}".`)

  const requireSignIn = env.LATCH_REQUIRE_SIGN_IN?.trim().toLowerCase()
  if (requireSignIn && !['true', 'false', '1', '0'].includes(requireSignIn))
    throw new Error(`LATCH_REQUIRE_SIGN_IN must be true or false, not "${requireSignIn}".`)

  const relayUrl = env.LATCH_RELAY_URL || manifest?.relayUrl
  if (!relayUrl) throw new Error('No relay: set LATCH_RELAY_URL, or start the devnet.')

  return {
    apiUrl: env.LATCH_API_URL || defaultApiUrl,
    projectId: env.LATCH_PROJECT_ID || manifest?.projectId || '',
    relayUrl,
    ...(env.LATCH_WALLETCONNECT_PROJECT_ID
      ? { walletConnectProjectId: env.LATCH_WALLETCONNECT_PROJECT_ID }
      : {}),
    appName: env.LATCH_APP_NAME || 'Latch',
    networks,
    ...(devnetWallet ? { devnetWallet } : {}),
    ...(env.LATCH_LOCALE ? { locale: env.LATCH_LOCALE } : {}),
    ...(themeMode ? { themeMode: themeMode as LatchWebConfig['themeMode'] } : {}),
    ...(env.LATCH_ACCENT ? { themeVariables: { accent: env.LATCH_ACCENT } } : {}),
    ...(requireSignIn === 'true' || requireSignIn === '1' ? { signIn: 'required' as const } : {}),
    ...(env.LATCH_NAME_SUFFIX?.trim()
      ? { nameSuffix: env.LATCH_NAME_SUFFIX.trim().replace(/^\./, '').toLowerCase() }
      : {}),
  }
}
