import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type DevnetManifest, devnetManifestSchema } from '@latch/api-contract'

/** The state folder of the stack the browser tests run against (set by the global setup). */
export function e2eStateDir(): string {
  const dir = process.env.LATCH_E2E_STATE_DIR
  if (!dir)
    throw new Error('LATCH_E2E_STATE_DIR is not set: run the browser tests with `npm test`.')
  return dir
}

/** Reads the devnet manifest of the running test stack. */
export function readManifest(): DevnetManifest {
  return devnetManifestSchema.parse(
    JSON.parse(readFileSync(join(e2eStateDir(), 'devnet.json'), 'utf8')),
  )
}

/** The web app's URL of the running test stack. */
export function webUrl(): string {
  const url = process.env.LATCH_E2E_WEB_URL
  if (!url) throw new Error('LATCH_E2E_WEB_URL is not set: run the browser tests with `npm test`.')
  return url
}

/** Funds an address with native coin and every token through the devnet faucet. */
export async function fund(
  manifest: DevnetManifest,
  address: string,
  options: { chainId?: number; token?: string } = {},
): Promise<unknown> {
  const response = await fetch(manifest.faucetUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, ...options }),
  })
  if (!response.ok) throw new Error(`Faucet answered ${response.status}: ${await response.text()}`)
  return response.json()
}

/** Mines `blocks` blocks on a devnet chain. */
export async function mine(manifest: DevnetManifest, chainId: number, blocks = 1): Promise<void> {
  const chain = manifest.chains.find((c) => c.id === chainId)
  if (!chain) throw new Error(`No devnet chain ${chainId}.`)
  await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_mine', params: [blocks] }),
  })
}

/** anvil's well-known test keys, by index, as the manifest lists them. */
export function testKey(manifest: DevnetManifest, index: number): `0x${string}` {
  const account = manifest.accounts[index]
  if (!account) throw new Error(`No devnet account #${index}.`)
  return account.privateKey as `0x${string}`
}
