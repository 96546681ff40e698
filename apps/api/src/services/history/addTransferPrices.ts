import type { HistoryTransaction } from '@latch/api-contract'
import { type Address, getAddress } from 'viem'
import type { ApiNetwork } from '../../network.ts'
import { nativeTokenAddress, type PriceSource } from '../prices/priceSource.ts'
import type { IndexedTransfer, TransferAssets } from './selectHistoryPage.ts'

/** Past-price quotes in flight at once for one page (one per block and chain). */
const concurrentBlocks = 8

export type AddTransferPricesParameters = {
  /** The page's items, each with its indexed transfers in the same order as its `transfers`. */
  items: readonly { transaction: HistoryTransaction; transfers: readonly IndexedTransfer[] }[]
  networks: ReadonlyMap<number, ApiNetwork>
  assets: TransferAssets
  /** Told when a quote failed (the page lacks prices it may have on a retry). */
  onFailure?: (() => void) | undefined
}

/**
 * Fills `price` (one whole token in USD) and `value` (the amount times that price) of each
 * native and ERC-20 transfer with the price AT ITS BLOCK, when the price source knows past
 * prices (`getPricesAt`: the devnet's Uniswap pools). Honest: a transfer whose past price is
 * unknown (no history in the source, no pool then, the RPC down) keeps neither field; NFTs
 * have none. One quote per block and chain (cached a week), 8 at a time; the page never
 * fails for it.
 */
export async function addTransferPrices(
  prices: PriceSource | undefined,
  { items, networks, assets, onFailure }: AddTransferPricesParameters,
): Promise<void> {
  const getPricesAt = prices?.getPricesAt
  if (!getPricesAt || !prices.currencies.includes('usd')) return

  type Wanted = { chainId: number; blockNumber: number; tokens: Map<Address, number> }
  const byBlock = new Map<string, Wanted>()
  const tokenOf = (
    transfer: IndexedTransfer,
  ): { address: Address; decimals: number } | undefined => {
    if (transfer.kind === 'native') {
      const network = networks.get(transfer.chainId)
      return network && { address: nativeTokenAddress, decimals: network.nativeCurrency.decimals }
    }
    if (transfer.kind !== 'erc20') return undefined
    const token = assets.tokens.get(`${transfer.chainId}:${transfer.contract}`)
    if (!token || token.decimals === null) return undefined
    return { address: getAddress(transfer.contract), decimals: Number(token.decimals) }
  }
  for (const { transfers } of items)
    for (const transfer of transfers) {
      const token = tokenOf(transfer)
      if (!token) continue
      const key = `${transfer.chainId}:${transfer.blockNumber}`
      const wanted = byBlock.get(key) ?? {
        chainId: transfer.chainId,
        blockNumber: transfer.blockNumber,
        tokens: new Map(),
      }
      wanted.tokens.set(token.address, token.decimals)
      byBlock.set(key, wanted)
    }
  if (byBlock.size === 0) return

  const found = new Map<string, Map<Address, number>>()
  const blocks = [...byBlock]
  // At most `concurrentBlocks` quotes at once: a page of 100 old transfers is not 100 calls at once.
  for (let start = 0; start < blocks.length; start += concurrentBlocks)
    await Promise.all(
      blocks.slice(start, start + concurrentBlocks).map(async ([key, wanted]) => {
        const priced = await getPricesAt
          .call(prices, {
            chainId: wanted.chainId,
            blockNumber: BigInt(wanted.blockNumber),
            currency: 'usd',
            tokens: [...wanted.tokens].map(([address, decimals]) => ({ address, decimals })),
          })
          // Unknown is left out, never guessed: the page is answered without these prices.
          .catch(() => {
            onFailure?.()
            return new Map<Address, number>()
          })
        found.set(key, priced)
      }),
    )

  for (const { transaction, transfers } of items)
    transfers.forEach((transfer, index) => {
      const token = tokenOf(transfer)
      const shown = transaction.transfers[index]
      if (!token || !shown) return
      const price = found.get(`${transfer.chainId}:${transfer.blockNumber}`)?.get(token.address)
      if (price === undefined) return
      shown.price = price
      shown.value = Number(shown.quantity.numeric) * price
    })
}
