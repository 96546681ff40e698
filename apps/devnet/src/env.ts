import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { type ConfigSource, loadConfig, parseConfig } from '@latch/config'

/** The repository root, two folders above apps/devnet. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')

export type DevnetEnv = {
  /** Where `devnet.json` lives: `LATCH_STATE_DIR`, else `<repo>/.latch`. */
  stateDir: string
  /** `LATCH_PROJECT_ID` when set: the WalletConnect project id to write into the manifest. */
  projectId: string | undefined
  /**
   * `LATCH_DEVNET_ALLOWED_ORIGINS`, comma-separated: browser origins that may use anvil, the
   * relay, the faucet and the NFT server besides loopback pages and wallet extensions.
   */
  allowedOrigins: string[]
  /** `LATCH_DEVNET_ALLOWED_HOSTS`, comma-separated: `Host` names served besides loopback. */
  allowedHosts: string[]
}

let processEnv: DevnetEnv | undefined

/**
 * The devnet's settings, through the one schema of `@latch/config`; the only place in
 * apps/devnet that reads the environment. Without `env`, the process environment over the
 * `.env` file, parsed once per process. Throws `InvalidConfigError` for a bad or unknown
 * `LATCH_*` variable.
 */
export function readDevnetEnv(env?: ConfigSource): DevnetEnv {
  if (!env && processEnv) return processEnv
  const config = env ? parseConfig(env) : loadConfig()
  const result: DevnetEnv = {
    stateDir: config.LATCH_STATE_DIR,
    projectId: config.LATCH_PROJECT_ID || undefined,
    allowedOrigins: config.LATCH_DEVNET_ALLOWED_ORIGINS,
    allowedHosts: config.LATCH_DEVNET_ALLOWED_HOSTS,
  }
  if (!env) processEnv = result
  return result
}

/** The manifest's path inside a state folder. */
export function getManifestPath(stateDir: string): string {
  return path.join(stateDir, 'devnet.json')
}
