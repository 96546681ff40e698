import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { DevnetManifest } from '@latch/api-contract'
import { loadDevnetManifest } from '../loadDevnetManifest.ts'
import { isPortFree } from './findFreePort.ts'

const startDevnetPath = path.resolve(import.meta.dirname, '../../../devnet/src/startDevnet.ts')

/**
 * Runs in the child: starts the devnet, says where its manifest is, and stops it when the
 * test process closes stdin (or dies, which closes it too).
 */
const childScript = `
const { startDevnet } = await import(process.argv[1])
const devnet = await startDevnet({ portBase: Number(process.argv[2]), stateDir: process.argv[3] })
let stopping
const stop = () => { stopping ??= devnet.stop().finally(() => process.exit(0)) }
process.stdin.on('end', stop)
process.stdin.on('error', stop)
process.on('SIGTERM', stop)
process.stdin.resume()
process.stdout.write('ready\\n')
`

export type StartTestDevnetReturnType = {
  manifest: DevnetManifest
  stateDir: string
  stop(): Promise<void>
}

/**
 * Starts the real devnet (three anvils with Multicall3, the tokens, the Uniswap V2 pools and
 * funded accounts) for a test, in a child process: the API reads it only through the manifest
 * it writes, exactly as it does under `npm start`. Its seven ports (services at base + 3,
 * chains at base + 4 to base + 6) are the first free block from `portFrom`, in steps of 10.
 */
export async function startTestDevnet({
  portFrom,
}: {
  portFrom: number
}): Promise<StartTestDevnetReturnType> {
  const portBase = await findFreePortBlock(portFrom)
  const stateDir = await mkdtemp(path.join(tmpdir(), 'latch-api-devnet-'))
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', childScript, startDevnetPath, String(portBase), stateDir],
    { stdio: ['pipe', 'pipe', 'pipe'] },
  )
  const stop = async () => {
    await stopChild(child)
    await rm(stateDir, { recursive: true, force: true })
  }
  try {
    await waitForReady(child)
    const manifest = await loadDevnetManifest(stateDir)
    if (!manifest) throw new Error(`The devnet wrote no manifest in ${stateDir}.`)
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

/** The first base from `start` (in steps of 10) whose seven ports nothing listens on. */
async function findFreePortBlock(start: number): Promise<number> {
  for (let base = start; base < start + 300; base += 10) {
    const ports = Array.from({ length: 7 }, (_, offset) => base + offset)
    if ((await Promise.all(ports.map(isPortFree))).every(Boolean)) return base
  }
  throw new Error(`No seven free ports between ${start} and ${start + 299}.`)
}
