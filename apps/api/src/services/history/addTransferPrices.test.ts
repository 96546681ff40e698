import type { HistoryTransaction, HistoryTransfer } from '@latch/api-contract'
import type { Address } from 'viem'
import { describe, expect, it } from 'vitest'
import type { ApiNetwork } from '../../network.ts'
import { nativeTokenAddress, type PriceSource } from '../prices/priceSource.ts'
import { addTransferPrices } from './addTransferPrices.ts'
import type { IndexedTransfer, TransferAssets } from './selectHistoryPage.ts'

const token = '0x00000000000000000000000000000000000000a1'
const undecided = '0x00000000000000000000000000000000000000b2'
const network = { id: 31337, nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
const networks = new Map([[31337, network as unknown as ApiNetwork]])
const assets: TransferAssets = {
  tokens: new Map([
    [
      `31337:${token}`,
      {
        chainId: 31337,
        address: token,
        kind: 'erc20',
        name: 'A',
        symbol: 'A',
        decimals: 6,
        fetchedAt: new Date(),
      },
    ],
    [
      `31337:${undecided}`,
      {
        chainId: 31337,
        address: undecided,
        kind: 'erc20',
        name: null,
        symbol: null,
        decimals: null,
        fetchedAt: new Date(),
      },
    ],
  ]),
  nftNames: new Map(),
}

/** One indexed transfer and the item the history shows for it. */
function item(
  kind: IndexedTransfer['kind'],
  contract: string,
  blockNumber: number,
  numeric: string,
) {
  const transfer = {
    chainId: 31337,
    txHash: `0x${blockNumber}`,
    logIndex: 0,
    blockNumber,
    txIndex: 0,
    kind,
    contract,
    fromAddress: '0x1',
    toAddress: '0x2',
    amount: '0',
    tokenId: kind === 'erc721' ? '1' : null,
  } as IndexedTransfer
  const shown: HistoryTransfer = { direction: 'in', quantity: { numeric } }
  return {
    transaction: { transfers: [shown] } as unknown as HistoryTransaction,
    transfers: [transfer],
    shown,
  }
}

describe('addTransferPrices', () => {
  it('prices native and ERC-20 transfers at their own block; unknown stays absent', async () => {
    const asked: { block: bigint; tokens: Address[] }[] = []
    const prices: PriceSource = {
      currencies: ['usd'],
      getPrices: async () => new Map([[nativeTokenAddress, 99_999]]),
      async getPricesAt({ blockNumber, tokens }) {
        asked.push({ block: blockNumber, tokens: tokens.map((entry) => entry.address) })
        if (blockNumber === 13n) throw new Error('RPC down')
        return new Map(tokens.map((entry) => [entry.address, Number(blockNumber) * 10]))
      },
    }
    const native = item('native', nativeTokenAddress, 5, '0.5')
    const erc20 = item('erc20', token, 6, '2')
    const noDecimals = item('erc20', undecided, 6, '1')
    const nft = item('erc721', token, 6, '1')
    const failed = item('native', nativeTokenAddress, 13, '1')
    await addTransferPrices(prices, {
      items: [native, erc20, noDecimals, nft, failed],
      networks,
      assets,
    })
    expect(native.shown).toMatchObject({ price: 50, value: 25 })
    expect(erc20.shown).toMatchObject({ price: 60, value: 120 })
    // A token of unknown decimals, an NFT and a failed quote: neither price nor value, no throw.
    for (const unpriced of [noDecimals, nft, failed]) {
      expect(unpriced.shown.price).toBeUndefined()
      expect(unpriced.shown.value).toBeUndefined()
    }
    // One quote per block: block 6's tokens together.
    expect(asked.map((entry) => entry.block).sort()).toEqual([13n, 5n, 6n])
  })

  it("a source without past prices fills nothing: never today's price", async () => {
    const native = item('native', nativeTokenAddress, 5, '1')
    const prices: PriceSource = {
      currencies: ['usd'],
      getPrices: async () => new Map([[nativeTokenAddress, 3000]]),
    }
    await addTransferPrices(prices, { items: [native], networks, assets })
    expect(native.shown).toEqual({ direction: 'in', quantity: { numeric: '1' } })
  })
})
