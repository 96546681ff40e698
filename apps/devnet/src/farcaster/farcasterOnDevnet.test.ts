import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { devnetManifestSchema } from '@latch/api-contract'
import { findFreePortBlock } from '@latch/test'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getStackPorts } from '../ports.ts'
import { type StartDevnetReturnType, startDevnet } from '../startDevnet.ts'
import { idRegistryAbi } from './idRegistryAbi.ts'
import { signInWithFarcaster } from './signInWithFarcaster.ts'

let portBase: number
let stateDir: string
let devnet: StartDevnetReturnType

beforeAll(async () => {
  stateDir = await mkdtemp(path.join(tmpdir(), 'latch-devnet-farcaster-'))
  portBase = await findFreePortBlock({ start: 4570 })
  devnet = await startDevnet({ portBase, stateDir })
}, 120_000)
afterAll(async () => {
  await devnet?.stop()
  await rm(stateDir, { recursive: true, force: true })
})

describe('Farcaster on the devnet', () => {
  it('writes the farcaster section: the relay on its port, the IdRegistry on the first chain', async () => {
    const { manifest } = devnet
    expect(devnetManifestSchema.parse(manifest).farcaster).toBeDefined()
    const farcaster = manifest.farcaster
    if (!farcaster) throw new Error('no farcaster section')
    const [first, second] = manifest.chains
    expect(farcaster.relayUrl).toBe(`http://127.0.0.1:${getStackPorts(portBase).farcaster}`)
    expect(farcaster.chainId).toBe(first?.id)
    expect(farcaster.accounts.map((account) => account.username)).toEqual(['alice', 'bob', 'carol'])
    expect(farcaster.accounts.map((account) => account.custody)).not.toContain(
      manifest.demoWallet.address,
    )
    const read = (rpcUrl: string) =>
      createPublicClient({ transport: http(rpcUrl) }).readContract({
        address: farcaster.idRegistry as `0x${string}`,
        abi: idRegistryAbi,
        functionName: 'custodyOf',
        args: [2n],
      })
    expect(await read(first?.rpcUrl as string)).toBe(farcaster.accounts[1]?.custody)
    // Deployed last and on the first chain only: the other contracts keep the same addresses.
    expect(second?.contracts).toEqual(first?.contracts)
    await expect(read(second?.rpcUrl as string)).rejects.toThrow()

    const keyFile = await stat(path.join(stateDir, 'farcaster-relay-key'))
    expect(keyFile.mode & 0o777).toBe(0o600)
  })

  it('signs in through the running relay with signInWithFarcaster', async () => {
    const farcaster = devnet.manifest.farcaster
    if (!farcaster) throw new Error('no farcaster section')
    const created = await fetch(`${farcaster.relayUrl}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'http://127.0.0.1:4177', domain: '127.0.0.1:4177' }),
    })
    const channel = (await created.json()) as { channelToken: string; url: string }
    await signInWithFarcaster({ url: channel.url, manifest: devnet.manifest, fid: 1 })
    const status = await fetch(`${farcaster.relayUrl}/v1/channel/status`, {
      headers: { authorization: `Bearer ${channel.channelToken}` },
    })
    expect(await status.json()).toMatchObject({ state: 'completed', fid: 1, username: 'alice' })
  })
})
