import { createApiTestConfig } from '@latch/test'
import { describe, expect, it } from 'vitest'
import type { FetchLike } from '../types.ts'
import { getNfts } from './getNfts.ts'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const configWith = (fetch: FetchLike) => createApiTestConfig(fetch)

describe('getNfts', () => {
  it('lists the NFTs with image URLs on the API origin', async () => {
    const urls: string[] = []
    const config = configWith(async (url) => {
      urls.push(url)
      return {
        ok: true,
        status: 200,
        json: async () => ({
          data: [
            {
              chainId: 'eip155:31337',
              contract: '0xdef',
              tokenId: '4',
              collectionName: 'Latch Lanterns',
              name: 'Lantern #4',
              imageUrl: '/v1/nft-image/eip155:31337/0xdef/4?projectId=abc',
            },
            {
              chainId: 'eip155:31337',
              contract: '0xdef',
              tokenId: '5',
              collectionName: 'Latch Lanterns',
              name: '#5',
              imageUrl: 'javascript:alert(1)',
            },
          ],
        }),
      }
    })
    const result = await getNfts(config, { address, chainId: 31337 })
    expect(urls).toEqual([
      `http://api.test/v1/account/${address}/nfts?projectId=abc&chainId=eip155%3A31337`,
    ])
    expect(result.data).toEqual([
      {
        chainId: 'eip155:31337',
        contract: '0xdef',
        tokenId: '4',
        collectionName: 'Latch Lanterns',
        name: 'Lantern #4',
        imageUrl: 'http://api.test/v1/nft-image/eip155:31337/0xdef/4?projectId=abc',
      },
      // An image URL the page may not load is dropped.
      {
        chainId: 'eip155:31337',
        contract: '0xdef',
        tokenId: '5',
        collectionName: 'Latch Lanterns',
        name: '#5',
      },
    ])
  })

  it('an answer that breaks the contract is NftsUnavailableError', async () => {
    const config = configWith(async () => ({
      ok: true,
      status: 200,
      json: async () => ({ data: [{ chainId: 'eip155:31337', contract: '0xdef', tokenId: 5 }] }),
    }))
    await expect(getNfts(config, { address })).rejects.toMatchObject({
      name: 'NftsUnavailableError',
      details: expect.stringContaining('at data.0.tokenId'),
    })
  })

  it('fails with NftsUnavailableError', async () => {
    const config = configWith(async () => ({ ok: false, status: 404, json: async () => ({}) }))
    await expect(getNfts(config, { address })).rejects.toThrowErrorMatchingInlineSnapshot(`
      [NftsUnavailableError: Failed to fetch NFTs.

      Details: HTTP 404]
    `)
  })
})
