import { useState } from 'react'
import { useMessages } from '../hooks/useMessages.ts'
import { PanelMessage, SkeletonRows } from './PanelStates.tsx'

/** One NFT of the grid. */
export type NftTileView = {
  id: string
  name: string
  collection: string
  /** The API's image proxy URL, when the token has an image. */
  imageUrl?: string | undefined
}

export type NftGridProps = {
  state:
    | { status: 'pending' }
    | { status: 'error'; message: string; onRetry?: (() => void) | undefined }
    | { status: 'success'; nfts: readonly NftTileView[] }
}

function NftImage(props: { url: string | undefined }) {
  const [failed, setFailed] = useState<string | undefined>()
  if (!props.url || failed === props.url)
    return <span className="latch-nft__image latch-nft__image--none" aria-hidden="true" />
  return (
    <img
      className="latch-nft__image"
      src={props.url}
      alt=""
      width={160}
      height={160}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(props.url)}
    />
  )
}

/**
 * The NFTs tab: a grid of images (loaded as they scroll into view) captioned with name and
 * collection (so the images themselves are decorative).
 */
export function NftGrid(props: NftGridProps) {
  const { t } = useMessages()
  const { state } = props
  if (state.status === 'pending') return <SkeletonRows count={4} variant="grid" />
  if (state.status === 'error')
    return (
      <PanelMessage
        tone="error"
        text={state.message}
        action={state.onRetry ? { label: t('account.retry'), onClick: state.onRetry } : undefined}
      />
    )
  if (state.nfts.length === 0) return <PanelMessage text={t('nfts.empty')} />
  return (
    <ul className="latch-nfts" data-testid="nft-grid">
      {state.nfts.map((nft) => (
        <li key={nft.id} className="latch-nft" data-testid="nft-item">
          <NftImage url={nft.imageUrl} />
          {/* Names come from the token's metadata: their own direction. */}
          <span className="latch-nft__name" dir="auto">
            {nft.name}
          </span>
          <span className="latch-nft__collection" dir="auto">
            {nft.collection}
          </span>
        </li>
      ))}
    </ul>
  )
}
