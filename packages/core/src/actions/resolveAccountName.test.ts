import { describe, expect, it } from 'vitest'
import { createLatchConfig } from '../createLatchConfig.ts'
import type { FetchLike } from '../types.ts'
import { parseAccountName, resolveAccountName } from './resolveAccountName.ts'

const alice = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const aliceOnDevnet = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** A name as the API answers it (the contract's `nameProfileSchema`). */
const at = '2026-11-21T12:00:00.000Z'
const profile = (name: string, addresses: Record<string, { address: string }>) => ({
  name,
  addresses: Object.fromEntries(
    Object.entries(addresses).map(([coinType, entry]) => [coinType, { ...entry, created: at }]),
  ),
  attributes: [],
  registered_at: at,
  updated_at: at,
  created_at: at,
})

/** A config whose API answers `GET /v1/profile/account/{name}` from `names`. */
function setup(names: Record<string, unknown>, status?: number) {
  const urls: string[] = []
  const fetch: FetchLike = async (url) => {
    urls.push(url)
    const name = decodeURIComponent(/\/v1\/profile\/account\/([^?]+)/.exec(url)?.[1] ?? '')
    const body = names[name]
    const code = status ?? (body ? 200 : 404)
    return {
      ok: code < 400,
      status: code,
      json: async () => body ?? { error: { code: 'NAME_NOT_FOUND', message: 'Name not found.' } },
    }
  }
  return { config: configWith(fetch), urls }
}

/** A config on the test devnet whose API calls go to `fetch`. */
function configWith(fetch: FetchLike) {
  return createLatchConfig({
    networks: [
      {
        id: 31337,
        name: 'Latch Devnet',
        caipNetworkId: 'eip155:31337',
        rpcUrl: 'http://127.0.0.1:1',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ],
    apiUrl: 'http://api',
    projectId: 'p1',
    fetch,
  })
}

describe('resolveAccountName', () => {
  it('asks the API for the name and reads its EVM address (coin type 60), as EIP-55', async () => {
    const { config, urls } = setup({
      'alice.latch.id': profile('alice.latch.id', { '60': { address: alice } }),
    })
    await expect(resolveAccountName(config, { name: ' Alice.Latch.ID ' })).resolves.toEqual({
      name: 'alice.latch.id',
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    })
    expect(urls).toEqual(['http://api/v1/profile/account/alice.latch.id?projectId=p1'])
  })

  it("prefers the chain's own address (ENSIP-11 coin type) over the EVM one", async () => {
    const { config } = setup({
      'alice.latch.id': profile('alice.latch.id', {
        '60': { address: alice },
        '2147514985': { address: aliceOnDevnet },
      }),
    })
    await expect(
      resolveAccountName(config, { name: 'alice.latch.id', chainId: 31337 }),
    ).resolves.toMatchObject({ address: aliceOnDevnet })
    await expect(
      resolveAccountName(config, { name: 'alice.latch.id', chainId: 1 }),
    ).resolves.toMatchObject({ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
  })

  it("asks for the chain's address: a name with none there is 'Error resolving name'", async () => {
    const contractAccount = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
    const urls: string[] = []
    // The API's answers for a contract account's name registered on chain 31337 only.
    const fetch: FetchLike = async (url) => {
      urls.push(url)
      const chainId = new URL(url).searchParams.get('chainId')
      const onItsChain = chainId === null || chainId === '31337'
      return {
        ok: onItsChain,
        status: onItsChain ? 200 : 404,
        json: async () =>
          onItsChain
            ? profile('safe.latch.id', { '2147514985': { address: contractAccount } })
            : {
                error: {
                  code: 'NOT_FOUND',
                  message: `Name "safe.latch.id" has no address on chain eip155:${chainId}.`,
                },
              },
      }
    }
    const config = configWith(fetch)
    await expect(
      resolveAccountName(config, { name: 'safe.latch.id', chainId: 31337 }),
    ).resolves.toEqual({ name: 'safe.latch.id', address: contractAccount })
    await expect(
      resolveAccountName(config, { name: 'safe.latch.id', chainId: 8453 }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [AccountNameResolutionError: Error resolving name "safe.latch.id".

      Details: Name "safe.latch.id" has no address on chain eip155:8453.]
    `)
    expect(urls).toEqual([
      'http://api/v1/profile/account/safe.latch.id?projectId=p1&chainId=31337',
      'http://api/v1/profile/account/safe.latch.id?projectId=p1&chainId=8453',
    ])
  })

  it("is 'Error resolving name' for an unknown name, one without address, or a failed call", async () => {
    const { config } = setup({
      'empty.latch.id': profile('empty.latch.id', {}),
      'broken.latch.id': { name: 'broken.latch.id', addresses: {} },
    })
    await expect(
      resolveAccountName(config, { name: 'nobody.latch.id' }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [AccountNameResolutionError: Error resolving name "nobody.latch.id".

      Details: Name not found.]
    `)
    await expect(resolveAccountName(config, { name: 'nobody.latch.id' })).rejects.toMatchObject({
      status: 404,
      accountName: 'nobody.latch.id',
    })
    await expect(
      resolveAccountName(config, { name: 'empty.latch.id' }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [AccountNameResolutionError: Error resolving name "empty.latch.id".

      Details: The name has no address.]
    `)
    // An answer that breaks the contract.
    await expect(resolveAccountName(config, { name: 'broken.latch.id' })).rejects.toMatchObject({
      name: 'AccountNameResolutionError',
      details: expect.stringContaining('at attributes'),
    })
    const down = setup({}, 500)
    await expect(resolveAccountName(down.config, { name: 'alice.latch.id' })).rejects.toMatchObject(
      { name: 'AccountNameResolutionError', status: 500 },
    )
  })
})

describe('parseAccountName', () => {
  it('is the full name in lower case when the text reads {label}.{suffix}', () => {
    expect(parseAccountName('alice.latch.id', 'latch.id')).toBe('alice.latch.id')
    // Too short to register (spec section 5), so the API answers that it is unknown.
    expect(parseAccountName('bob.latch.id', 'latch.id')).toBe('bob.latch.id')
    expect(parseAccountName('  Bob-42.LATCH.ID ', 'latch.id')).toBe('bob-42.latch.id')
    expect(parseAccountName('carol.example.eth', 'example.eth')).toBe('carol.example.eth')
  })

  it('is undefined for anything else', () => {
    expect(parseAccountName('alice', 'latch.id')).toBeUndefined()
    expect(parseAccountName('al_ice.latch.id', 'latch.id')).toBeUndefined()
    expect(parseAccountName('.latch.id', 'latch.id')).toBeUndefined()
    expect(parseAccountName('a/b.latch.id', 'latch.id')).toBeUndefined()
    expect(parseAccountName('alice.other.id', 'latch.id')).toBeUndefined()
    expect(
      parseAccountName('0x70997970C51812dc3A010C7d01b50e0d17dc79C8', 'latch.id'),
    ).toBeUndefined()
  })
})
