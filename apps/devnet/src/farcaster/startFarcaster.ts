import { randomBytes } from 'node:crypto'
import type { DevnetManifest } from '@latch/api-contract'
import type { TransactionQueue } from '../createTransactionQueue.ts'
import { deployIdRegistry } from './deployIdRegistry.ts'
import { farcasterTestUsers } from './farcasterTestUsers.ts'
import { readOrCreateRelayKey } from './readOrCreateRelayKey.ts'
import { startFarcasterRelay } from './startFarcasterRelay.ts'

export type StartFarcasterParameters = {
  /** The first devnet chain: the IdRegistry is deployed there, after its other contracts. */
  chainId: number
  transactions: TransactionQueue
  /** The relay's port (`ports.farcaster`; 0 for a free one). */
  port: number
  /** Where the relay key is kept (`farcaster-relay-key`); without it, a fresh key each start. */
  stateDir?: string | undefined
  log?: (line: string) => void
}

export type StartFarcasterReturnType = {
  /** The manifest's `farcaster` section. */
  manifest: NonNullable<DevnetManifest['farcaster']>
  stop: () => Promise<void>
}

/**
 * Sign In With Farcaster on the devnet: deploys the IdRegistry with the test users' FIDs and
 * starts the local auth relay with its test client page.
 */
export async function startFarcaster(
  parameters: StartFarcasterParameters,
): Promise<StartFarcasterReturnType> {
  const { idRegistry, accounts } = await deployIdRegistry({
    transactions: parameters.transactions,
    chainId: parameters.chainId,
    users: farcasterTestUsers,
  })
  const relayKey = parameters.stateDir
    ? await readOrCreateRelayKey(parameters.stateDir)
    : randomBytes(32).toString('base64url')
  const relay = await startFarcasterRelay({
    port: parameters.port,
    relayKey,
    users: accounts,
    log: parameters.log,
  })
  return {
    manifest: {
      relayUrl: relay.url,
      relayKey,
      chainId: parameters.chainId,
      idRegistry,
      accounts,
    },
    stop: relay.stop,
  }
}
