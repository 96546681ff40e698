import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { readDevnetEnv } from './env.ts'
import { AnvilStartError } from './errors.ts'
import { findFreePort } from './findFreePort.ts'
import { startGuardProxy } from './startGuardProxy.ts'

export type StartAnvilParameters = {
  chainId: number
  port: number
  /** Receives anvil's stderr, line by line. */
  log?: (line: string) => void
  /** How long to wait for `eth_chainId` to answer; 15 s by default. */
  timeoutMs?: number
  /** Browser origins allowed besides loopback pages and extensions; `LATCH_DEVNET_ALLOWED_ORIGINS`. */
  allowedOrigins?: readonly string[]
  /** `Host` names allowed besides loopback; `LATCH_DEVNET_ALLOWED_HOSTS`. */
  allowedHosts?: readonly string[]
  /**
   * Forks another node at a block (tests: a second node of the same chain that stopped
   * syncing there); `chainId` must then be that node's.
   */
  fork?: { url: string; blockNumber: number }
}

export type StartAnvilReturnType = {
  /** The published URL, behind the Origin/Host check. */
  rpcUrl: string
  /** anvil itself, on a port picked at start; for the devnet's own tools, never for pages. */
  internalRpcUrl: string
  pid: number | undefined
  /** Ends the process (SIGTERM, then SIGKILL after 3 s) and resolves once it has exited. */
  stop: () => Promise<void>
}

/**
 * Starts one anvil with `chainId` and resolves when it answers `eth_chainId`. anvil checks
 * neither `Origin` nor `Host`, so it listens on a free internal port and `port` is published by
 * a proxy that refuses cross-site pages and DNS rebinding (`startGuardProxy`).
 * The process is killed when the parent process exits, however `stop` was (not) called.
 */
export async function startAnvil(parameters: StartAnvilParameters): Promise<StartAnvilReturnType> {
  const {
    chainId,
    port,
    log,
    timeoutMs = 15_000,
    allowedOrigins = readDevnetEnv().allowedOrigins,
    allowedHosts = readDevnetEnv().allowedHosts,
    fork,
  } = parameters
  const internalPort = await findFreePort()
  const internalRpcUrl = `http://127.0.0.1:${internalPort}`
  const { command, args } = resolveAnvilCommand()
  const child = spawn(
    command,
    [
      ...args,
      '--host',
      '127.0.0.1',
      '--port',
      String(internalPort),
      '--chain-id',
      String(chainId),
      '--quiet',
      ...(fork
        ? [
            ...['--fork-url', fork.url, '--fork-block-number', String(fork.blockNumber)],
            '--no-storage-caching',
          ]
        : []),
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )

  let stderrTail = ''
  child.stderr?.setEncoding('utf8')
  child.stderr?.on('data', (chunk: string) => {
    stderrTail = (stderrTail + chunk).slice(-2000)
    for (const line of chunk.split('\n')) if (line.trim()) log?.(`anvil ${chainId}: ${line}`)
  })

  const killOnExit = () => child.kill('SIGKILL')
  process.on('exit', killOnExit)
  const exited = new Promise<void>((resolve) => {
    child.once('exit', () => {
      process.off('exit', killOnExit)
      resolve()
    })
  })
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve))

  let proxy: Awaited<ReturnType<typeof startGuardProxy>> | undefined
  const stop = async () => {
    await proxy?.stop()
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
    await exited
    clearTimeout(timer)
  }

  try {
    await waitForChainId({ rpcUrl: internalRpcUrl, child, exited, spawnError, timeoutMs, chainId })
    proxy = await startGuardProxy({
      port,
      target: { host: '127.0.0.1', port: internalPort },
      label: `anvil ${chainId}`,
      allowedOrigins,
      allowedHosts,
    })
  } catch (error) {
    await stop()
    if (error instanceof Error && error.name === 'PortInUseError') throw error
    throw new AnvilStartError(
      `anvil for chain ${chainId} did not start on port ${port}: ${(error as Error).message}`,
      { cause: error, metaMessages: stderrTail ? [`anvil said: ${stderrTail.trim()}`] : [] },
    )
  }
  return { rpcUrl: proxy.url, internalRpcUrl, pid: child.pid, stop }
}

async function waitForChainId(parameters: {
  rpcUrl: string
  child: ChildProcess
  exited: Promise<void>
  spawnError: Promise<Error>
  timeoutMs: number
  chainId: number
}): Promise<void> {
  const { rpcUrl, child, exited, spawnError, timeoutMs, chainId } = parameters
  let failure: Error | undefined
  void exited.then(() => {
    failure ??= new Error(`it exited with code ${child.exitCode ?? child.signalCode}.`)
  })
  void spawnError.then((error) => {
    failure ??= error
  })
  const deadline = Date.now() + timeoutMs
  while (true) {
    if (failure) throw failure
    if (Date.now() > deadline) throw new Error(`no answer to eth_chainId after ${timeoutMs} ms.`)
    const answered = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    })
      .then((response) => response.json() as Promise<{ result?: string }>)
      .catch(() => undefined)
    if (answered?.result !== undefined) {
      if (Number(answered.result) !== chainId) {
        throw new Error(`something else answers there (chain id ${Number(answered.result)}).`)
      }
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

const platformArch: Record<string, string> = {
  'darwin-arm64': 'darwin-arm64',
  'darwin-x64': 'darwin-amd64',
  'linux-arm64': 'linux-arm64',
  'linux-x64': 'linux-amd64',
  'win32-x64': 'win32-amd64',
}

/**
 * The anvil binary from `@foundry-rs/anvil`'s platform package, run directly so that a signal
 * reaches anvil itself; falls back to the package's Node wrapper (node_modules/.bin/anvil).
 */
function resolveAnvilCommand(): { command: string; args: string[] } {
  const require = createRequire(import.meta.url)
  const target = platformArch[`${process.platform}-${process.arch}`]
  if (target) {
    const binary = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
    try {
      const resolved = require.resolve(`@foundry-rs/anvil-${target}/bin/${binary}`)
      if (existsSync(resolved)) return { command: resolved, args: [] }
    } catch {
      // Not installed for this platform: use the wrapper below.
    }
  }
  let dir = path.dirname(fileURLToPath(import.meta.url))
  while (!existsSync(path.join(dir, 'node_modules/.bin/anvil'))) {
    const parent = path.dirname(dir)
    if (parent === dir) throw new AnvilStartError('anvil is not installed: run `npm install`.')
    dir = parent
  }
  return { command: process.execPath, args: [path.join(dir, 'node_modules/.bin/anvil')] }
}
