import path from 'node:path'
import type { Address, Hex } from 'viem'
import { type StartAltoReturnType, startAlto } from './startAlto.ts'

export type StartDevnetBundlersParameters = {
  /** One per devnet chain, in order, with the port its bundler is published on. */
  chains: readonly { chainId: number; rpcUrl: string; port: number }[]
  entryPoint: Address
  /** alto's executor and utility key (anvil key 8). */
  executorPrivateKey: Hex
  /** Each alto logs to `<stateDir>/alto-<chainId>.log`. */
  stateDir: string
  allowedOrigins?: readonly string[]
  allowedHosts?: readonly string[]
  log?: (line: string) => void
}

export type StartDevnetBundlersReturnType = {
  /** The published bundler URL of each chain, in the order of `chains`. */
  urls: string[]
  pids: number[]
  /** Stops every alto (by process group). Safe to call twice. */
  stop: () => Promise<void>
}

/** Starts one alto per devnet chain, in parallel; if one fails, stops the others and throws. */
export async function startDevnetBundlers(
  parameters: StartDevnetBundlersParameters,
): Promise<StartDevnetBundlersReturnType> {
  const { chains, entryPoint, executorPrivateKey, stateDir, allowedOrigins, allowedHosts } =
    parameters
  const started = performance.now()
  const results = await Promise.allSettled(
    chains.map((chain) =>
      startAlto({
        chainId: chain.chainId,
        rpcUrl: chain.rpcUrl,
        port: chain.port,
        entryPoint,
        executorPrivateKey,
        logPath: path.join(stateDir, `alto-${chain.chainId}.log`),
        ...(allowedOrigins && { allowedOrigins }),
        ...(allowedHosts && { allowedHosts }),
      }),
    ),
  )
  const altos = results.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []))
  let stopping: Promise<void> | undefined
  const stop = () => {
    stopping ??= Promise.all(altos.map((alto) => alto.stop().catch(() => {}))).then(() => {})
    return stopping
  }
  const failed = results.find((result) => result.status === 'rejected')
  if (failed) {
    await stop()
    throw failed.reason
  }
  parameters.log?.(
    `devnet: ${altos.length} bundlers (alto) up in ${Math.round(performance.now() - started)} ms`,
  )
  return {
    urls: altos.map((alto: StartAltoReturnType) => alto.url),
    pids: altos.map((alto) => alto.pid),
    stop,
  }
}
