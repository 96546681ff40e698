import type { DevnetManifest } from '@latch/api-contract'
import {
  anvilAccounts,
  createDevnetClients,
  createTransactionQueue,
  startFarcaster,
} from '@latch/devnet'
import { privateKeyToAccount } from 'viem/accounts'
import { type StartTestAnvilReturnType, startTestAnvil } from './startTestAnvil.ts'

export type StartTestFarcasterReturnType = {
  anvil: StartTestAnvilReturnType
  /** What the devnet manifest's `farcaster` section holds: relay, key, registry, test users. */
  farcaster: NonNullable<DevnetManifest['farcaster']>
  stop(): Promise<void>
}

/**
 * Sign In With Farcaster for a test, the devnet's way: a fresh anvil with the IdRegistry and
 * the three test FIDs (alice 1, bob 2, carol 3), and the local auth relay on a free port.
 */
export async function startTestFarcaster({
  chainId = 31337,
}: {
  chainId?: number
} = {}): Promise<StartTestFarcasterReturnType> {
  const anvil = await startTestAnvil({ chainId })
  try {
    const clients = createDevnetClients({
      chainId,
      name: 'Farcaster test chain',
      rpcUrl: anvil.rpcUrl,
      account: privateKeyToAccount((anvilAccounts[0] as (typeof anvilAccounts)[0]).privateKey),
    })
    const started = await startFarcaster({
      chainId,
      transactions: createTransactionQueue(clients),
      port: 0,
    })
    return {
      anvil,
      farcaster: started.manifest,
      async stop() {
        await started.stop()
        await anvil.stop()
      },
    }
  } catch (error) {
    await anvil.stop()
    throw error
  }
}
