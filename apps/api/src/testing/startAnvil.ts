import { type ChildProcess, spawn } from 'node:child_process'
import path from 'node:path'
import { findFreePort } from './findFreePort.ts'

const anvilBin = path.resolve(import.meta.dirname, '../../../../node_modules/.bin/anvil')

export type StartAnvilReturnType = { rpcUrl: string; port: number; stop(): Promise<void> }

/** Starts a bare anvil on a free port for a test and waits until it answers. */
export async function startAnvil({
  chainId = 31337,
  portFrom = 4480,
}: {
  chainId?: number
  portFrom?: number
} = {}): Promise<StartAnvilReturnType> {
  const port = await findFreePort(portFrom)
  const child = spawn(
    anvilBin,
    ['--port', String(port), '--chain-id', String(chainId), '--host', '127.0.0.1', '--silent'],
    { stdio: 'ignore' },
  )
  const rpcUrl = `http://127.0.0.1:${port}`
  const stop = () => stopChild(child)
  try {
    await waitForRpc(rpcUrl, child)
  } catch (error) {
    await stop()
    throw error
  }
  return { rpcUrl, port, stop }
}

async function waitForRpc(rpcUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`anvil exited with code ${child.exitCode}.`)
    try {
      const response = await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      })
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`anvil did not answer on ${rpcUrl} within 15 s.`)
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
  })
}
