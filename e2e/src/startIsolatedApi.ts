import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import type { DevnetManifest } from '@latch/api-contract'
import { findFreePort } from '@latch/test'
import type { Page } from '@playwright/test'

const root = resolve(import.meta.dirname, '../..')

export type IsolatedApi = {
  url: string
  /**
   * Serves the page's calls to the shared test API from this one instead (the page keeps its
   * API URL, so its Content-Security-Policy still holds).
   */
  routePage(page: Page, sharedApiUrl: string): Promise<void>
  stop(): Promise<void>
}

/**
 * A Latch API of the test's own, reading the devnet through `rpcUrls` (chain id -> URL) and
 * the manifest with `changes`, so a test can break its RPC (or an on-ramp provider) without
 * touching the API every other test shares. No indexer, no rate limits; its PGlite database
 * lives in a temporary folder removed on stop.
 */
export async function startIsolatedApi(
  manifest: DevnetManifest,
  rpcUrls: ReadonlyMap<number, string>,
  /** Changes to the manifest this API reads (e.g. an on-ramp provider's URL). */
  changes: Partial<DevnetManifest> = {},
): Promise<IsolatedApi> {
  const stateDir = mkdtempSync(join(tmpdir(), 'latch-e2e-api-'))
  writeFileSync(
    join(stateDir, 'devnet.json'),
    JSON.stringify({
      ...manifest,
      ...changes,
      chains: manifest.chains.map((chain) => ({
        ...chain,
        rpcUrl: rpcUrls.get(chain.id) ?? chain.rpcUrl,
      })),
    }),
  )
  const port = await findFreePort()
  const url = `http://127.0.0.1:${port}`
  const child = spawn(process.execPath, ['apps/api/src/server.ts'], {
    cwd: root,
    env: {
      ...process.env,
      LATCH_STATE_DIR: stateDir,
      PORT: String(port),
      LATCH_INDEXER: 'off',
      LATCH_RATE_LIMITS: 'off',
      DATABASE_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output: string[] = []
  const keep = (chunk: Buffer) => output.push(...chunk.toString().split('\n').filter(Boolean))
  child.stdout?.on('data', keep)
  child.stderr?.on('data', keep)
  const stop = async () => {
    await stopChild(child)
    rmSync(stateDir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(url, child, output)
  } catch (error) {
    await stop()
    throw error
  }
  return {
    url,
    async routePage(page, sharedApiUrl) {
      await page.route(`${sharedApiUrl}/**`, async (route) => {
        const target = route.request().url().replace(sharedApiUrl, url)
        const response = await route.fetch({ url: target }).catch(() => undefined)
        if (response) await route.fulfill({ response })
        else await route.abort('connectionrefused')
      })
    },
    stop,
  }
}

async function waitForHealth(url: string, child: ChildProcess, output: string[]): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The test's API exited (${child.exitCode}):\n${output.join('\n')}`)
    const ok = await fetch(`${url}/health`)
      .then((response) => response.ok)
      .catch(() => false)
    if (ok) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`The test's API did not answer at ${url} within 30 s:\n${output.join('\n')}`)
}

async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((done) => child.once('exit', () => done()))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
  await exited
  clearTimeout(timer)
}
