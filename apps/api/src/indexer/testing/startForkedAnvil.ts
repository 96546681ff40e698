import { spawn } from 'node:child_process'
import path from 'node:path'
import { findFreePort } from '@latch/test'

const anvilBin = path.resolve(import.meta.dirname, '../../../../../node_modules/.bin/anvil')

export type StartForkedAnvilReturnType = { rpcUrl: string; stop(): Promise<void> }

/**
 * A second node of the same chain, stopped at `blockNumber`: an anvil forked from `forkUrl` at
 * that block, which serves the upstream's blocks (same hashes) up to it and nothing above,
 * like a node that stopped syncing. It mines nothing unless sent transactions.
 */
export async function startForkedAnvil({
  forkUrl,
  blockNumber,
}: {
  forkUrl: string
  blockNumber: number
}): Promise<StartForkedAnvilReturnType> {
  const port = await findFreePort()
  const child = spawn(
    anvilBin,
    [
      ...['--port', String(port), '--host', '127.0.0.1', '--silent', '--no-storage-caching'],
      ...['--fork-url', forkUrl, '--fork-block-number', String(blockNumber)],
    ],
    { stdio: 'ignore' },
  )
  const rpcUrl = `http://127.0.0.1:${port}`
  const stop = () =>
    child.exitCode !== null || child.signalCode !== null
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          child.once('exit', () => resolve())
          child.kill('SIGTERM')
        })
  const deadline = Date.now() + 15_000
  for (;;) {
    try {
      if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode}.`)
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_blockNumber', params: [] }),
      })
      if (response.ok) return { rpcUrl, stop }
    } catch (error) {
      if (child.exitCode !== null || Date.now() > deadline) {
        await stop()
        throw error
      }
    }
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`The forked anvil did not answer on ${rpcUrl} within 15 s.`)
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}
