import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DevnetManifest } from '@latch/api-contract'
import { readDevnetManifest } from '@latch/devnet'
import { findFreePortBlock } from './findFreePortBlock.ts'

const devnetEntry = import.meta.resolve('@latch/devnet')

/**
 * Runs in the child: starts the devnet, says where its manifest is, and stops it when the
 * test process closes stdin (or dies, which closes it too).
 */
const childScript = `
const { startDevnet } = await import(process.argv[1])
const devnet = await startDevnet({
  portBase: Number(process.argv[2]),
  stateDir: process.argv[3],
  ...JSON.parse(process.argv[4]),
})
let stopping
const stop = () => { stopping ??= devnet.stop().finally(() => process.exit(0)) }
process.stdin.on('end', stop)
process.stdin.on('error', stop)
process.on('SIGTERM', stop)
process.stdin.resume()
process.stdout.write('ready\\n')
`

export type StartTestDevnetParameters = {
  /**
   * Runs an ERC-4337 bundler (alto) per chain and lists ERC-4337 in the manifest
   * (`chains[i].accountAbstraction`); off by default (it adds about 3 s and three processes).
   */
  bundlers?: boolean
}

export type StartTestDevnetReturnType = {
  manifest: DevnetManifest
  stateDir: string
  stop(): Promise<void>
}

/**
 * Starts the real devnet (`startDevnet` from `@latch/devnet`: three anvils with Multicall3, the
 * tokens, the Uniswap V2 pools, the lantern collection and funded accounts) for a test, in a
 * child process: a test reads it only through the manifest it writes, exactly as the API does
 * under `npm start`. Its seven ports are a free block from a random base between 20000 and
 * 32000 (below Linux's ephemeral range), so parallel test files do not pick the same one; if
 * another process takes one of them before the devnet binds it, it tries another block.
 */
export async function startTestDevnet(
  parameters: StartTestDevnetParameters = {},
): Promise<StartTestDevnetReturnType> {
  const options = { bundlers: parameters.bundlers ?? false }
  for (let attempt = 1; ; attempt++) {
    try {
      return await startTestDevnetOnce(20_000 + 7 * Math.floor(Math.random() * 1_700), options)
    } catch (error) {
      if (attempt >= 3 || !/Port \d+ is in use/.test(String((error as Error).message))) throw error
    }
  }
}

async function startTestDevnetOnce(
  portFrom: number,
  options: { bundlers: boolean },
): Promise<StartTestDevnetReturnType> {
  const portBase = await findFreePortBlock({ start: portFrom })
  const stateDir = await mkdtemp(path.join(tmpdir(), 'latch-test-devnet-'))
  const child = spawn(
    process.execPath,
    [
      ...['--input-type=module', '-e', childScript, devnetEntry],
      ...[String(portBase), stateDir, JSON.stringify(options)],
    ],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
  const stop = async () => {
    await stopChild(child)
    await rm(stateDir, { recursive: true, force: true })
  }
  try {
    await waitForReady(child)
    const manifest = await readDevnetManifest(stateDir)
    return { manifest, stateDir, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

function waitForReady(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => fail('did not start within 60 s'), 60_000)
    const fail = (reason: string) => {
      clearTimeout(timer)
      reject(new Error(`The test devnet ${reason}.\n${output.slice(-2_000)}`))
    }
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes('ready\n')) {
        clearTimeout(timer)
        resolve()
      }
    })
    child.once('exit', (code) => fail(`exited with code ${code}`))
  })
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.stdin?.end()
  })
}
