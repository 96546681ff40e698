import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { type StartTestAnvilReturnType, startTestAnvil } from '@latch/test'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { anvilAccounts } from '../accounts.ts'
import { findFreePort } from '../findFreePort.ts'
import { entryPointV07Address } from './accountAbstractionAddresses.ts'
import { readAccountAbstractionArtifact } from './readAccountAbstractionArtifact.ts'
import { BundlerStartError, startAlto } from './startAlto.ts'

let anvil: StartTestAnvilReturnType
let stateDir: string
const executorPrivateKey = (anvilAccounts[8] as (typeof anvilAccounts)[0]).privateKey

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'latch-alto-'))
  anvil = await startTestAnvil()
  await anvil.rpc('anvil_setCode', [
    entryPointV07Address,
    readAccountAbstractionArtifact('EntryPoint').deployedBytecode,
  ])
})

afterAll(async () => {
  await anvil?.stop()
  await rm(stateDir, { recursive: true, force: true })
})

/** Whether `pid` runs (a zombie waiting for its reaper counts as gone). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return true
  }
}

async function waitUntilGone(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (!isRunning(pid)) return true
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  return !isRunning(pid)
}

const supportedEntryPoints = async (url: string) =>
  (
    (await (
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'eth_supportedEntryPoints',
          params: [],
        }),
      })
    ).json()) as { result: string[] }
  ).result

describe('startAlto', () => {
  test('answers eth_supportedEntryPoints through its published port, and stop ends its process', async () => {
    const started = performance.now()
    const alto = await startAlto({
      chainId: anvil.chainId,
      rpcUrl: anvil.rpcUrl,
      port: 0,
      entryPoint: entryPointV07Address,
      executorPrivateKey,
      logPath: path.join(stateDir, 'alto-stop.log'),
    })
    console.info(`alto up in ${Math.round(performance.now() - started)} ms`)
    try {
      expect(isRunning(alto.pid)).toBe(true)
      expect(await supportedEntryPoints(alto.url)).toEqual([entryPointV07Address])
    } finally {
      await alto.stop()
    }
    expect(isRunning(alto.pid)).toBe(false)
    await expect(supportedEntryPoints(alto.url)).rejects.toThrow()
    // Twice is fine.
    await alto.stop()
  }, 40_000)

  test('ends when the process that started it is killed (SIGKILL: no exit handler runs)', async () => {
    const script = `
      const { startAlto } = await import(process.argv[1])
      const alto = await startAlto(JSON.parse(process.argv[2]))
      process.stdout.write(alto.pid + '\\n')
    `
    const parent = spawn(
      process.execPath,
      [
        ...['--input-type=module', '-e', script, new URL('./startAlto.ts', import.meta.url).href],
        JSON.stringify({
          chainId: anvil.chainId,
          rpcUrl: anvil.rpcUrl,
          port: await findFreePort(),
          entryPoint: entryPointV07Address,
          executorPrivateKey,
          logPath: path.join(stateDir, 'alto-orphan.log'),
        }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    )
    const pid = await new Promise<number>((resolve, reject) => {
      let output = ''
      const timer = setTimeout(() => reject(new Error('alto did not start within 40 s')), 40_000)
      parent.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /^(\d+)\n/.exec(output)
        if (match) {
          clearTimeout(timer)
          resolve(Number(match[1]))
        }
      })
      parent.once('exit', (code) => reject(new Error(`the parent exited (${code})`)))
    })
    expect(isRunning(pid)).toBe(true)
    parent.kill('SIGKILL')
    expect(await waitUntilGone(pid, 5_000)).toBe(true)
  }, 60_000)

  test('a chain without the entry point, or that does not answer, is a BundlerStartError with the log tail', async () => {
    const error = await startAlto({
      chainId: anvil.chainId,
      rpcUrl: `http://127.0.0.1:${await findFreePort()}`,
      port: 0,
      entryPoint: entryPointV07Address,
      executorPrivateKey,
      logPath: path.join(stateDir, 'alto-dead-rpc.log'),
      timeoutMs: 10_000,
    }).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BundlerStartError)
    expect((error as BundlerStartError).shortMessage).toMatch(
      /^The bundler \(alto\) for chain 31337 did not start on port 0: /,
    )
    expect((error as BundlerStartError).message).toContain('alto-dead-rpc.log')
  }, 30_000)
})
