import { createApiTestConfig } from '@latch/test'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../types.ts'
import { getBalance } from './getBalance.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const configWith = (fetch: FetchLike) => createApiTestConfig(fetch, { apiUrl: 'http://api.test/' })

const token = (symbol: string, numeric: string, tokenAddress?: string) => ({
  name: symbol,
  symbol,
  chainId: 'eip155:31337',
  ...(tokenAddress ? { address: tokenAddress } : {}),
  price: 1,
  quantity: { decimals: '18', numeric },
  iconUrl: '',
})

describe('getBalance', () => {
  it('asks the API and picks the native coin', async () => {
    const urls: string[] = []
    const config = configWith(async (url) => {
      urls.push(url)
      return {
        ok: true,
        status: 200,
        json: async () => ({
          balances: [
            token('USDL', '12.5', 'eip155:31337:0x5FbDB2315678afecb367f032d93F642f64180aa3'),
            token('ETH', '9999.987654', 'eip155:31337:0x0000000000000000000000000000000000000000'),
          ],
        }),
      }
    })
    const balance = await getBalance(config, { address, chainId: 31337 })
    expect(balance).toMatchObject({ symbol: 'ETH', numeric: '9999.987654', decimals: 18 })
    expect(urls).toEqual([
      `http://api.test/v1/account/${address}/balance?projectId=abc&chainId=eip155%3A31337&currency=usd`,
    ])
  })

  it('reads a missing native entry as zero', async () => {
    const config = configWith(async () => ({
      ok: true,
      status: 200,
      json: async () => ({ balances: [] }),
    }))
    await expect(getBalance(config, { address, chainId: 31337 })).resolves.toMatchObject({
      symbol: 'ETH',
      numeric: '0',
    })
  })

  it('says "Token Balance Unavailable." when the API fails or is unreachable', async () => {
    const failing = configWith(async () => ({
      ok: false,
      status: 502,
      json: async () => ({ error: { code: 'UPSTREAM_UNAVAILABLE', message: 'RPC down.' } }),
    }))
    await expect(
      getBalance(failing, { address, chainId: 31337 }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [BalanceUnavailableError: Token Balance Unavailable.

      Details: RPC down.]
    `)
    const offline = configWith(async () => {
      throw new TypeError('fetch failed')
    })
    await expect(getBalance(offline, { address, chainId: 31337 })).rejects.toMatchObject({
      name: 'BalanceUnavailableError',
      details: 'fetch failed',
    })
    await expect(getBalance(offline, { address, chainId: 1 })).rejects.toThrow(
      'Chain "1" is not configured.',
    )
  })
})
