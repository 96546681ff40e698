import type { DevnetSolana } from '@latch/api-contract'
import { createSolanaChain } from './createSolanaChain.ts'
import { createSolanaRpcHandler } from './createSolanaRpcHandler.ts'
import { readOrCreateSolanaKeys } from './readOrCreateSolanaKeys.ts'
import { latchUsd, seedSolanaChain } from './seedSolanaChain.ts'
import { solanaDevnetCaipNetworkId, solanaDevnetGenesisHash } from './solanaDevnetGenesisHash.ts'
import { startSolanaRpcServer } from './startSolanaRpcServer.ts'

export type StartSolanaParameters = {
  rpcPort: number
  wsPort: number
  /** Where the generated keys are kept (`solana-keys.json`). */
  stateDir: string
  /** How often an empty slot passes; 400 ms like Solana. */
  slotIntervalMs?: number
  allowedOrigins?: readonly string[] | undefined
  allowedHosts?: readonly string[] | undefined
  log?: (line: string) => void
}

export type StartSolanaReturnType = {
  manifest: DevnetSolana
  /** Stops the servers and the slot timer. The chain is in memory: the next start is fresh. */
  stop(): Promise<void>
}

/**
 * Starts the local Solana chain: LiteSVM with its own genesis hash, the LUSD mint and funded
 * test keys, JSON-RPC on `rpcPort` and PubSub on `wsPort`. Nothing but the keys persists.
 */
export async function startSolana(
  parameters: StartSolanaParameters,
): Promise<StartSolanaReturnType> {
  const started = performance.now()
  const log = parameters.log ?? (() => {})
  const keys = await readOrCreateSolanaKeys(parameters.stateDir)
  const chain = createSolanaChain({ slotIntervalMs: parameters.slotIntervalMs })
  try {
    await seedSolanaChain(chain, keys)
    const handler = createSolanaRpcHandler({
      chain,
      genesisHash: solanaDevnetGenesisHash,
      faucet: keys.faucet.signer,
    })
    const server = await startSolanaRpcServer({
      chain,
      handler,
      rpcPort: parameters.rpcPort,
      wsPort: parameters.wsPort,
      allowedOrigins: parameters.allowedOrigins,
      allowedHosts: parameters.allowedHosts,
    })
    log(
      `devnet: Solana (LiteSVM) up in ${Math.round(performance.now() - started)} ms at ${server.rpcUrl}`,
    )
    return {
      manifest: {
        name: 'Latch Devnet Solana',
        caipNetworkId: solanaDevnetCaipNetworkId,
        genesisHash: solanaDevnetGenesisHash,
        rpcUrl: server.rpcUrl,
        wsUrl: server.wsUrl,
        nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
        tokens: [{ mint: keys.mint.signer.address, ...latchUsd }],
        accounts: keys.accounts.map((key) => ({
          address: key.signer.address,
          secretKey: key.secretKey,
        })),
      },
      async stop() {
        chain.close()
        await server.stop()
      },
    }
  } catch (error) {
    chain.close()
    throw error
  }
}
