import path from 'node:path'
import { fileURLToPath } from 'node:url'

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

/** Reads the devnet's environment variables; the only place in apps/devnet that does. */
export function readDevnetEnv(env: NodeJS.ProcessEnv = process.env): DevnetEnv {
  return {
    stateDir: env.LATCH_STATE_DIR
      ? path.resolve(env.LATCH_STATE_DIR)
      : path.join(repoRoot, '.latch'),
    projectId: env.LATCH_PROJECT_ID || undefined,
    allowedOrigins: splitList(env.LATCH_DEVNET_ALLOWED_ORIGINS),
    allowedHosts: splitList(env.LATCH_DEVNET_ALLOWED_HOSTS),
  }
}

/** The manifest's path inside a state folder. */
export function getManifestPath(stateDir: string): string {
  return path.join(stateDir, 'devnet.json')
}

function splitList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
}
