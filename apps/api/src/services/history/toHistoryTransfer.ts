import type { HistoryTransfer } from '@latch/api-contract'
import { formatUnits, getAddress } from 'viem'
import { type ApiNetwork, toCaip2 } from '../../network.ts'
import type { IndexedTransfer, TransferAssets } from './selectHistoryPage.ts'

const zeroAddress = '0x0000000000000000000000000000000000000000'

export type ToHistoryTransferParameters = {
  transfer: IndexedTransfer
  direction: HistoryTransfer['direction']
  /** The transfer's chain. */
  chainId: number
  /** The chain's coin, for a native transfer. */
  nativeCurrency: ApiNetwork['nativeCurrency']
  assets: TransferAssets
  /** The API's own origin, for token icon and NFT image URLs. */
  apiOrigin: string
  /** `?projectId=...`, added to NFT image URLs so an `<img>` passes the project check. */
  imageQuery: string
}

/**
 * One transfer as the history shows it: an ERC-721 token with its name, collection and image
 * (through the API's NFT image route), or a native or ERC-20 amount in whole units with the
 * asset's name, symbol and icon (the public token icon route).
 */
export function toHistoryTransfer({
  transfer,
  direction,
  chainId,
  nativeCurrency,
  assets,
  apiOrigin,
  imageQuery,
}: ToHistoryTransferParameters): HistoryTransfer {
  const contract = getAddress(transfer.contract)
  if (transfer.kind === 'erc721') {
    const tokenId = transfer.tokenId ?? '0'
    const collection = assets.tokens.get(`${chainId}:${transfer.contract}`)
    const name = assets.nftNames.get(`${chainId}:${transfer.contract}:${tokenId}`)
    return {
      direction,
      quantity: { numeric: '1' },
      nft_info: {
        name: name ?? `#${tokenId}`,
        tokenId,
        collection: { name: collection?.name ?? 'Unknown collection', address: contract },
        // The reference client reads `flags.is_spam`; Latch has no spam list, so none is.
        flags: { is_spam: false },
        content: {
          preview: {
            url: `${apiOrigin}/v1/nft-image/${chainId}/${contract}/${tokenId}${imageQuery}`,
            content_type: 'image/*',
          },
        },
      },
    }
  }
  const asset =
    transfer.kind === 'native'
      ? nativeCurrency
      : assets.tokens.get(`${chainId}:${transfer.contract}`)
  const decimals = asset?.decimals ?? 0
  return {
    direction,
    quantity: { numeric: formatUnits(BigInt(transfer.amount), decimals) },
    fungible_info: {
      name: asset?.name ?? 'Unknown token',
      symbol: asset?.symbol ?? '???',
      address: `${toCaip2(chainId)}:${transfer.kind === 'native' ? zeroAddress : contract}`,
      // The public token icon route (routes/tokenImage.ts), like images on a CDN.
      icon: { url: `${apiOrigin}/public/getTokenImage/${chainId}/${contract}` },
    },
  }
}
