import type { DevnetManifest } from '@latch/api-contract'
import { anvilAccounts, type StartTestFarcasterReturnType, startTestFarcaster } from '@latch/test'
import { createPublicClient, http, recoverMessageAddress, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { parseSiweMessage } from 'viem/siwe'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { farcasterTestUsers } from './farcasterTestUsers.ts'
import { idRegistryAbi } from './idRegistryAbi.ts'
import { channelStatusSchema } from './relaySchemas.ts'
import { signInWithFarcaster } from './signInWithFarcaster.ts'

let started: StartTestFarcasterReturnType
beforeAll(async () => {
  started = await startTestFarcaster()
}, 60_000)
afterAll(async () => {
  await started?.stop()
})

const client = () => createPublicClient({ transport: http(started.anvil.rpcUrl) })

describe('the devnet IdRegistry', () => {
  it('holds the test users: FIDs 1, 2, 3 with their custody addresses', async () => {
    const { farcaster } = started
    expect(farcaster.accounts.map(({ fid, username }) => [fid, username])).toEqual([
      [1, 'alice'],
      [2, 'bob'],
      [3, 'carol'],
    ])
    for (const [index, user] of farcasterTestUsers.entries()) {
      const fid = BigInt(index + 1)
      expect(
        await client().readContract({
          address: farcaster.idRegistry as `0x${string}`,
          abi: idRegistryAbi,
          functionName: 'custodyOf',
          args: [fid],
        }),
      ).toBe(user.custody)
      expect(
        await client().readContract({
          address: farcaster.idRegistry as `0x${string}`,
          abi: idRegistryAbi,
          functionName: 'idOf',
          args: [user.custody],
        }),
      ).toBe(fid)
    }
    expect(
      await client().readContract({
        address: farcaster.idRegistry as `0x${string}`,
        abi: idRegistryAbi,
        functionName: 'custodyOf',
        args: [4n],
      }),
    ).toBe(zeroAddress)
  })

  it('keeps the custody keys off the owner and the demo wallet', () => {
    const custody = farcasterTestUsers.map((user) => user.custody)
    expect(custody).not.toContain(anvilAccounts[0]?.address)
    expect(custody).not.toContain(anvilAccounts[9]?.address)
  })

  it('lets only its owner register, one id per address', async () => {
    const registry = started.farcaster.idRegistry as `0x${string}`
    const stranger = privateKeyToAccount((anvilAccounts[1] as (typeof anvilAccounts)[0]).privateKey)
    await expect(
      client().simulateContract({
        address: registry,
        abi: idRegistryAbi,
        functionName: 'register',
        args: [stranger.address, zeroAddress],
        account: stranger,
      }),
    ).rejects.toThrow(/Unauthorized/)
    const owner = (anvilAccounts[0] as (typeof anvilAccounts)[0]).address
    await expect(
      client().simulateContract({
        address: registry,
        abi: idRegistryAbi,
        functionName: 'register',
        args: [farcasterTestUsers[0]?.custody as `0x${string}`, zeroAddress],
        account: owner,
      }),
    ).rejects.toThrow(/HasId/)
    const { result } = await client().simulateContract({
      address: registry,
      abi: idRegistryAbi,
      functionName: 'register',
      args: [stranger.address, zeroAddress],
      account: owner,
    })
    expect(result).toBe(4n)
  })
})

describe('signInWithFarcaster', () => {
  it('signs a relay channel as the test user, as a Farcaster client does', async () => {
    const { farcaster } = started
    const created = await fetch(`${farcaster.relayUrl}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        siweUri: 'http://127.0.0.1:4177',
        domain: '127.0.0.1:4177',
        nonce: 'n0nce1234567',
        expirationTime: new Date(Date.now() + 600_000).toISOString(),
      }),
    })
    expect(created.status).toBe(201)
    const channel = (await created.json()) as { channelToken: string; url: string }
    const manifest = { farcaster } as DevnetManifest
    await signInWithFarcaster({ url: channel.url, manifest, fid: 3 })

    const status = await fetch(`${farcaster.relayUrl}/v1/channel/status`, {
      headers: { authorization: `Bearer ${channel.channelToken}` },
    })
    expect(status.status).toBe(200)
    const body = channelStatusSchema.parse(await status.json())
    expect(body).toMatchObject({ state: 'completed', fid: 3, username: 'carol' })
    const message = parseSiweMessage(body.message ?? '')
    expect(message.resources).toEqual(['farcaster://fid/3'])
    expect(message.expirationTime).toBeInstanceOf(Date)
    expect(
      await recoverMessageAddress({
        message: body.message ?? '',
        signature: body.signature as `0x${string}`,
      }),
    ).toBe(farcasterTestUsers[2]?.custody)
    // A channel completes once.
    await expect(signInWithFarcaster({ url: channel.url, manifest, fid: 1 })).rejects.toThrow(
      /refused the signature \(409\)/,
    )
  })

  it('refuses a link that is not a sign-in link and an unknown FID', async () => {
    const manifest = { farcaster: started.farcaster } as DevnetManifest
    await expect(
      signInWithFarcaster({ url: 'http://127.0.0.1/~/siwf', manifest, fid: 1 }),
    ).rejects.toThrow(/is not a Sign In With Farcaster link/)
    await expect(
      signInWithFarcaster({ url: 'http://127.0.0.1/~/siwf', manifest, fid: 42 }),
    ).rejects.toThrow(/no devnet Farcaster user with FID 42/)
  })
})
