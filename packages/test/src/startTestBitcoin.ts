import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DevnetBitcoin } from '@latch/api-contract'
import { startBitcoin } from '@latch/devnet'
import { findFreePortBlock } from './findFreePortBlock.ts'

export type StartTestBitcoinReturnType = {
  /** As in the devnet manifest: the Esplora URL and the funded test keys. */
  manifest: DevnetBitcoin
  /** Mines a block now (`POST /mine`), confirming what the mempool holds. */
  mine(): Promise<void>
  stop(): Promise<void>
}

/**
 * Starts the devnet's Bitcoin regtest chain alone for a test (`startBitcoin` of
 * `@latch/devnet`) on a free port, its keys in a temporary folder. Blocks are mined only on
 * `mine()`, so a test sees a transaction in the mempool first.
 */
export async function startTestBitcoin(): Promise<StartTestBitcoinReturnType> {
  const stateDir = await mkdtemp(path.join(tmpdir(), 'latch-test-bitcoin-'))
  const port = await findFreePortBlock({
    start: 35_000 + Math.floor(Math.random() * 2_000),
    length: 1,
  })
  const bitcoin = await startBitcoin({ port, stateDir, accountCount: 2, autoMineDelayMs: false })
  return {
    manifest: bitcoin.manifest,
    async mine() {
      const response = await fetch(`${bitcoin.manifest.esploraUrl}/mine`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        signal: AbortSignal.timeout(10_000),
      })
      if (!response.ok) throw new Error(`POST /mine answered ${response.status}.`)
    },
    async stop() {
      await bitcoin.stop()
      await rm(stateDir, { recursive: true, force: true })
    },
  }
}
