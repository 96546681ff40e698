import { createApiTestConfig } from '@latch/test'
import { describe, expect, it } from 'vitest'
import { createLatchConfig } from '../createLatchConfig.ts'
import type { FetchLike } from '../types.ts'
import { getTokenBalances } from './getTokenBalances.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const zero = 'eip155:31337:0x0000000000000000000000000000000000000000'

const configWith = (fetch: FetchLike) => createApiTestConfig(fetch, { apiUrl: 'http://api.test/' })

const answer = (body: unknown, status = 200): FetchLike => {
  return async () => ({ ok: status < 400, status, json: async () => body })
}

const token = (
  symbol: string,
  numeric: string,
  extra: { address?: string; value?: number; decimals?: string; iconUrl?: string } = {},
) => ({
  name: `${symbol} token`,
  symbol,
  chainId: 'eip155:31337',
  address: extra.address ?? `eip155:31337:0x${symbol.padEnd(40, '0').slice(0, 40)}`,
  ...(extra.value === undefined ? {} : { value: extra.value }),
  price: 1,
  quantity: { decimals: extra.decimals ?? '18', numeric },
  iconUrl: extra.iconUrl ?? '',
})

describe('getTokenBalances', () => {
  it('asks the API for the chain and currency, sorts by value and sums the total', async () => {
    const urls: string[] = []
    const config = configWith(async (url) => {
      urls.push(url)
      return answer({
        balances: [
          token('WETH', '10', { value: 30_000 }),
          token('LUSD', '1000.5', {
            value: 1000.5,
            decimals: '6',
            iconUrl: '/public/getTokenImage/lusd',
          }),
          token('ETH', '9999.5', { address: zero, value: 29_998_500 }),
          token('ALPHA', '3'),
        ],
      })(url)
    })
    const result = await getTokenBalances(config, { address, chainId: 31337, currency: 'eur' })
    expect(urls).toEqual([
      `http://api.test/v1/account/${address}/balance?projectId=abc&chainId=eip155%3A31337&currency=eur`,
    ])
    expect(result.tokens.map((t) => t.symbol)).toEqual(['ETH', 'WETH', 'LUSD', 'ALPHA'])
    expect(result.native).toMatchObject({ symbol: 'ETH', quantity: { numeric: '9999.5' } })
    expect(result.total).toBe(29_998_500 + 30_000 + 1000.5)
    expect(result.currency).toBe('eur')
    // API paths become URLs on the API's origin.
    expect(result.tokens[2]?.iconUrl).toBe('http://api.test/public/getTokenImage/lusd')
  })

  it('filters zero-decimal tokens out, blanks unsafe icons and reads a missing native coin as zero', async () => {
    const config = configWith(
      answer({
        balances: [
          token('PTS', '25', { decimals: '0', value: 25 }),
          token('BETA', '2', { iconUrl: 'javascript:alert(1)' }),
        ],
      }),
    )
    const result = await getTokenBalances(config, { address, chainId: 31337 })
    expect(result.tokens.map((t) => t.symbol)).toEqual(['BETA'])
    expect(result.tokens[0]?.iconUrl).toBe('')
    expect(result.native).toMatchObject({ symbol: 'ETH', quantity: { numeric: '0' } })
    expect(result.total).toBeUndefined()
  })

  it('an answer that breaks the contract is "Token Balance Unavailable."', async () => {
    for (const entry of [
      { symbol: 'BAD', quantity: { numeric: 'lots', decimals: '18' } },
      null,
      token('NAN', 'NaN'),
    ]) {
      const config = configWith(answer({ balances: [entry] }))
      await expect(getTokenBalances(config, { address, chainId: 31337 })).rejects.toMatchObject({
        name: 'BalanceUnavailableError',
        details: expect.stringContaining('at balances.0'),
      })
    }
  })

  it('says "Token Balance Unavailable." when the API fails or is unreachable', async () => {
    const failing = configWith(
      answer({ error: { code: 'UPSTREAM_UNAVAILABLE', message: 'RPC down.' } }, 502),
    )
    await expect(
      getTokenBalances(failing, { address, chainId: 31337 }),
    ).rejects.toThrowErrorMatchingInlineSnapshot(`
      [BalanceUnavailableError: Token Balance Unavailable.

      Details: RPC down.]
    `)
    const offline = configWith(async () => {
      throw new TypeError('fetch failed')
    })
    await expect(getTokenBalances(offline, { address, chainId: 31337 })).rejects.toMatchObject({
      name: 'BalanceUnavailableError',
      details: 'fetch failed',
    })
    await expect(
      getTokenBalances(configWith(answer({})), { address, chainId: 31337 }),
    ).rejects.toMatchObject({
      name: 'BalanceUnavailableError',
    })
    await expect(getTokenBalances(offline, { address, chainId: 1 })).rejects.toThrow(
      'Chain "1" is not configured.',
    )
  })
})

describe('getTokenBalances currency', () => {
  it("asks in the person's currency (options.currency) when none is passed", async () => {
    const urls: string[] = []
    const config = createLatchConfig({
      networks: [
        {
          id: 31337,
          name: 'Latch Devnet',
          caipNetworkId: 'eip155:31337',
          rpcUrl: 'http://127.0.0.1:1',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
      apiUrl: 'http://api.test',
      projectId: 'abc',
      options: { currency: 'eur' },
      fetch: async (url) => {
        urls.push(url)
        return answer({ balances: [token('ETH', '1', { address: zero })] })(url)
      },
    })
    const result = await getTokenBalances(config, { address, chainId: 31337 })
    expect(new URL(urls[0] ?? '').searchParams.get('currency')).toBe('eur')
    expect(result.currency).toBe('eur')
    await getTokenBalances(config, { address, chainId: 31337, currency: 'usd' })
    expect(new URL(urls[1] ?? '').searchParams.get('currency')).toBe('usd')
  })
})
