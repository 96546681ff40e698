import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DevnetSolana } from '@latch/api-contract'
import { startSolana } from '@latch/devnet'
import { findFreePortBlock } from './findFreePortBlock.ts'

export type StartTestSolanaReturnType = {
  /** As in the devnet manifest: RPC and WebSocket URLs, the LUSD mint, the funded test keys. */
  manifest: DevnetSolana
  stop(): Promise<void>
}

/**
 * Starts the devnet's Solana chain alone for a test (`startSolana` of `@latch/devnet`: LiteSVM
 * behind Solana's JSON-RPC and PubSub) on two free ports, its keys in a temporary folder.
 */
export async function startTestSolana(): Promise<StartTestSolanaReturnType> {
  const stateDir = await mkdtemp(path.join(tmpdir(), 'latch-test-solana-'))
  const rpcPort = await findFreePortBlock({
    start: 33_000 + 2 * Math.floor(Math.random() * 1_000),
    length: 2,
  })
  const solana = await startSolana({ rpcPort, wsPort: rpcPort + 1, stateDir })
  return {
    manifest: solana.manifest,
    async stop() {
      await solana.stop()
      await rm(stateDir, { recursive: true, force: true })
    },
  }
}
