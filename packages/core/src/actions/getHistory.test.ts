import { createApiTestConfig } from '@latch/test'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../types.ts'
import { getHistory } from './getHistory.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

const configWith = (fetch: FetchLike) => createApiTestConfig(fetch)

const transaction = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  metadata: {
    operationType: 'send',
    status: 'confirmed',
    hash: `0x${id.padStart(64, '0')}`,
    minedAt: '2026-01-15T10:00:00.000Z',
    sentFrom: address,
    sentTo: other,
    nonce: 3,
    chain: 'eip155:31337',
    blockNumber: 12,
    ...overrides,
  },
  transfers: [
    {
      direction: 'out',
      quantity: { numeric: '1.5' },
      fungible_info: { name: 'Latch USD', symbol: 'LUSD', address: 'eip155:31337:0xabc' },
    },
    {
      direction: 'in',
      quantity: { numeric: '1' },
      nft_info: {
        name: 'Lantern #4',
        tokenId: '4',
        collection: { name: 'Latch Lanterns', address: '0xdef' },
        flags: { is_spam: false },
        content: { preview: { url: '/v1/nft-image/31337/0xdef/4', content_type: 'image/svg+xml' } },
      },
    },
  ],
})

describe('getHistory', () => {
  it('asks for one page of the chain and reads it, image URLs on the API origin', async () => {
    const urls: string[] = []
    const config = configWith(async (url) => {
      urls.push(url)
      return {
        ok: true,
        status: 200,
        json: async () => ({
          data: [transaction('1'), transaction('2', { status: 'pending' })],
          next: 'cursor-2',
        }),
      }
    })
    const page = await getHistory(config, { address, chainId: 31337, cursor: 'cursor 1' })
    expect(urls).toEqual([
      `http://api.test/v1/account/${address}/history?projectId=abc&chainId=eip155%3A31337&cursor=cursor%201`,
    ])
    expect(page.next).toBe('cursor-2')
    expect(page.data.map((tx) => tx.id)).toEqual(['1', '2'])
    expect(page.data[0]?.transfers).toHaveLength(2)
    expect(page.data[0]?.transfers[1]?.nft_info?.content?.preview.url).toBe(
      'http://api.test/v1/nft-image/31337/0xdef/4',
    )
  })

  it('an answer that breaks the contract is "Failed to fetch transactions.", naming the field', async () => {
    for (const [data, field] of [
      [[transaction('2', { status: 'lost' })], 'data.0.metadata.status'],
      [[transaction('3', { minedAt: 'yesterday' })], 'data.0.metadata.minedAt'],
      [[{ id: 3 }], 'data.0.id'],
    ] as const) {
      const config = configWith(async () => ({
        ok: true,
        status: 200,
        json: async () => ({ data, next: null }),
      }))
      await expect(getHistory(config, { address })).rejects.toMatchObject({
        shortMessage: 'Failed to fetch transactions.',
        details: expect.stringContaining(`at ${field}`),
      })
    }
  })

  it('reads the last page as next: null', async () => {
    const config = configWith(async () => ({
      ok: true,
      status: 200,
      json: async () => ({ data: [], next: null }),
    }))
    await expect(getHistory(config, { address })).resolves.toEqual({ data: [], next: null })
  })

  it('says "Failed to fetch transactions." when the API fails or answers nonsense', async () => {
    const failing = configWith(async () => ({
      ok: false,
      status: 500,
      json: async () => ({ error: { code: 'INTERNAL', message: 'Internal error.' } }),
    }))
    await expect(getHistory(failing, { address })).rejects.toThrowErrorMatchingInlineSnapshot(`
      [TransactionsUnavailableError: Failed to fetch transactions.

      Details: Internal error.]
    `)
    const nonsense = configWith(async () => ({ ok: true, status: 200, json: async () => ['x'] }))
    await expect(getHistory(nonsense, { address })).rejects.toMatchObject({
      name: 'TransactionsUnavailableError',
    })
  })
})
