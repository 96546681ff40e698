import { getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { getTransferDirection } from './getTransferDirection.ts'
import type { IndexedTransfer } from './selectHistoryPage.ts'
import { toHistoryTransfer } from './toHistoryTransfer.ts'

const account = '0x00000000000000000000000000000000000000aa'
const other = '0x00000000000000000000000000000000000000bb'
const contract = '0x00000000000000000000000000000000000000cc'
const transfer = (fields: Partial<IndexedTransfer>): IndexedTransfer => ({
  chainId: 31337,
  txHash: '0x01',
  logIndex: 0,
  blockNumber: 1,
  txIndex: 0,
  kind: 'native',
  contract: '0x0000000000000000000000000000000000000000',
  fromAddress: account,
  toAddress: other,
  amount: '1500000000000000000',
  tokenId: null,
  ...fields,
})
const context = {
  chainId: 31337,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  apiOrigin: 'http://api.test',
  imageQuery: '?projectId=p1',
}

describe('getTransferDirection', () => {
  it('tells out, in and self', () => {
    expect(getTransferDirection(account, transfer({}))).toBe('out')
    expect(
      getTransferDirection(account, transfer({ fromAddress: other, toAddress: account })),
    ).toBe('in')
    expect(getTransferDirection(account, transfer({ toAddress: account }))).toBe('self')
  })
})

describe('toHistoryTransfer', () => {
  const noAssets = { tokens: new Map(), nftNames: new Map() }

  it('formats a native amount in whole coins with the chain zero address', () => {
    expect(
      toHistoryTransfer({ ...context, transfer: transfer({}), direction: 'out', assets: noAssets }),
    ).toEqual({
      direction: 'out',
      quantity: { numeric: '1.5' },
      fungible_info: {
        name: 'Ether',
        symbol: 'ETH',
        address: 'eip155:31337:0x0000000000000000000000000000000000000000',
        icon: {
          url: 'http://api.test/public/getTokenImage/31337/0x0000000000000000000000000000000000000000',
        },
      },
    })
  })

  it('names an unknown ERC-20 and an NFT without metadata, with the image through the API', () => {
    const erc20 = toHistoryTransfer({
      ...context,
      transfer: transfer({ kind: 'erc20', contract, amount: '7' }),
      direction: 'in',
      assets: noAssets,
    })
    expect(erc20.quantity).toEqual({ numeric: '7' })
    expect(erc20.fungible_info).toMatchObject({ name: 'Unknown token', symbol: '???' })

    const nft = toHistoryTransfer({
      ...context,
      transfer: transfer({ kind: 'erc721', contract, amount: '1', tokenId: '5' }),
      direction: 'in',
      assets: noAssets,
    })
    expect(nft.nft_info).toEqual({
      name: '#5',
      tokenId: '5',
      collection: {
        name: 'Unknown collection',
        address: getAddress(contract),
      },
      // The reference client reads `flags.is_spam` of every NFT.
      flags: { is_spam: false },
      content: {
        preview: {
          url: `http://api.test/v1/nft-image/31337/${getAddress(contract)}/5?projectId=p1`,
          content_type: 'image/*',
        },
      },
    })
  })

  it('uses the indexed token and NFT names', () => {
    const assets = {
      tokens: new Map([
        [
          `31337:${contract}`,
          { chainId: 31337, address: contract, name: 'Kitties', symbol: 'KIT', decimals: 0 },
        ],
      ]),
      nftNames: new Map([[`31337:${contract}:5`, 'Kitty five']]),
    } as unknown as Parameters<typeof toHistoryTransfer>[0]['assets']
    const nft = toHistoryTransfer({
      ...context,
      transfer: transfer({ kind: 'erc721', contract, tokenId: '5' }),
      direction: 'out',
      assets,
    })
    expect(nft.nft_info?.name).toBe('Kitty five')
    expect(nft.nft_info?.collection.name).toBe('Kitties')
  })
})
