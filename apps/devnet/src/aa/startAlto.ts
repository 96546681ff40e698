import { spawn } from 'node:child_process'
import { closeSync, openSync, readFileSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Address, Hex } from 'viem'
import { readDevnetEnv } from '../env.ts'
import { DevnetError } from '../errors.ts'
import { findFreePort } from '../findFreePort.ts'
import { startGuardProxy } from '../startGuardProxy.ts'

/** alto did not start, exited, or did not answer `eth_supportedEntryPoints` in time. */
export class BundlerStartError extends DevnetError {
  override name = 'BundlerStartError'
}

export type StartAltoParameters = {
  chainId: number
  /** The chain's RPC (the devnet's published anvil URL). */
  rpcUrl: string
  /** The published port (behind the guard proxy). */
  port: number
  entryPoint: Address
  /** Sends the bundles and deploys alto's simulations contract (anvil key 8). */
  executorPrivateKey: Hex
  /** alto's output goes there (created or truncated). */
  logPath: string
  /** How long to wait for `eth_supportedEntryPoints` to list `entryPoint`; 30 s by default. */
  timeoutMs?: number
  allowedOrigins?: readonly string[]
  allowedHosts?: readonly string[]
}

export type StartAltoReturnType = {
  /** The published URL (an ERC-4337 bundler JSON-RPC endpoint), behind the Origin/Host check. */
  url: string
  pid: number
  /** Ends alto's process group (SIGTERM, SIGKILL after 3 s) and resolves once it has exited. */
  stop: () => Promise<void>
}

const require = createRequire(import.meta.url)
/** `@pimlico/alto`'s CLI, run with this Node so that its PID is alto's own. */
const altoCli = path.join(path.dirname(require.resolve('@pimlico/alto')), 'cli/alto.js')
const preload = new URL('./altoPreload.ts', import.meta.url).href

/**
 * Starts `@pimlico/alto` (an ERC-4337 bundler) for one devnet chain and resolves once it answers
 * `eth_supportedEntryPoints` with `entryPoint`. alto runs in its own process group, on loopback
 * (see `altoPreload.ts`) at a free internal port, published at `port` through the guard proxy;
 * it exits when this process ends, whether or not `stop` was called. Unsafe mode (anvil has no
 * debug_traceCall rules tracer), the simulations contract deployed at start.
 */
export async function startAlto(parameters: StartAltoParameters): Promise<StartAltoReturnType> {
  const {
    chainId,
    rpcUrl,
    port,
    entryPoint,
    executorPrivateKey,
    logPath,
    timeoutMs = 30_000,
    allowedOrigins = readDevnetEnv().allowedOrigins,
    allowedHosts = readDevnetEnv().allowedHosts,
  } = parameters
  const internalPort = await findFreePort()
  await mkdir(path.dirname(logPath), { recursive: true })
  const logFd = openSync(logPath, 'w')
  const args = [
    ...['--entrypoints', entryPoint],
    ...['--rpc-url', rpcUrl],
    ...['--port', String(internalPort)],
    ...['--executor-private-keys', executorPrivateKey],
    ...['--utility-private-key', executorPrivateKey],
    ...['--safe-mode', 'false'],
    ...['--deploy-simulations-contract', 'true'],
    // anvil mines each transaction at once: look for receipts often.
    ...['--block-time', '100'],
    ...['--min-bundle-interval', '20'],
    ...['--max-bundle-interval', '200'],
  ]
  const child = spawn(process.execPath, ['--import', preload, altoCli, ...args], {
    // Its own process group, so that `stop` reaches anything it starts; a clean environment
    // (no SENTRY_DSN, no ALTO_* settings of the shell) and a cwd without a `.env`.
    detached: true,
    cwd: path.dirname(logPath),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '' },
    stdio: ['pipe', logFd, logFd],
  })
  closeSync(logFd)
  const pid = child.pid
  const killGroup = (signal: NodeJS.Signals) => {
    if (pid === undefined) return
    try {
      process.kill(-pid, signal)
    } catch {
      // Already gone.
    }
  }
  const killOnExit = () => killGroup('SIGKILL')
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
    if (child.exitCode === null && child.signalCode === null) {
      killGroup('SIGTERM')
      const timer = setTimeout(() => killGroup('SIGKILL'), 3000)
      await exited
      clearTimeout(timer)
    }
    // Whatever alto started in its group goes with it.
    killGroup('SIGKILL')
    child.stdin?.destroy()
  }

  try {
    if (pid === undefined) throw await spawnError
    await waitForEntryPoint({
      url: `http://127.0.0.1:${internalPort}`,
      entryPoint,
      timeoutMs,
      exited,
      spawnError,
      exitCode: () => child.exitCode ?? child.signalCode,
    })
    proxy = await startGuardProxy({
      port,
      target: { host: '127.0.0.1', port: internalPort },
      label: `alto ${chainId}`,
      allowedOrigins,
      allowedHosts,
    })
    return { url: proxy.url, pid, stop }
  } catch (error) {
    await stop()
    if (error instanceof Error && error.name === 'PortInUseError') throw error
    const tail = readFileSync(logPath, 'utf8').trim().split('\n').slice(-15).join('\n')
    throw new BundlerStartError(
      `The bundler (alto) for chain ${chainId} did not start on port ${port}: ${(error as Error).message}`,
      { cause: error, metaMessages: [`Its log (${logPath}) ends with:`, tail] },
    )
  }
}

async function waitForEntryPoint(parameters: {
  url: string
  entryPoint: Address
  timeoutMs: number
  exited: Promise<void>
  spawnError: Promise<Error>
  exitCode: () => number | string | null
}): Promise<void> {
  const { url, entryPoint, timeoutMs, exited, spawnError, exitCode } = parameters
  let failure: Error | undefined
  void exited.then(() => {
    failure ??= new Error(`it exited with code ${exitCode()}.`)
  })
  void spawnError.then((error) => {
    failure ??= error
  })
  const deadline = Date.now() + timeoutMs
  while (true) {
    if (failure) throw failure
    if (Date.now() > deadline) {
      throw new Error(`no answer to eth_supportedEntryPoints after ${timeoutMs} ms.`)
    }
    const answered = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_supportedEntryPoints',
        params: [],
      }),
      signal: AbortSignal.timeout(1000),
    })
      .then((response) => response.json() as Promise<{ result?: unknown }>)
      .catch(() => undefined)
    if (Array.isArray(answered?.result)) {
      const listed = answered.result.map((address) => String(address).toLowerCase())
      if (!listed.includes(entryPoint.toLowerCase())) {
        throw new Error(`it supports ${listed.join(', ') || 'no entry point'}, not ${entryPoint}.`)
      }
      return
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
