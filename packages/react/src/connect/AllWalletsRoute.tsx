import '../i18n/laterMessages.ts'
import { useState } from 'react'
import { useAllWallets } from '../hooks/useAllWallets.ts'
import { useConnectors } from '../hooks/useConnectors.ts'
import { useIsPhone } from '../hooks/useMediaQuery.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { AllWalletsView } from './AllWalletsView.tsx'
import { type ConnectTarget, getListingTarget } from './getConnectWallets.ts'

export type AllWalletsRouteProps = {
  onSelect(target: ConnectTarget): void
}

/**
 * The AllWallets view wired to the registry: search, pages as the grid scrolls, and a picked
 * wallet connected directly when installed, else through WalletConnect.
 */
export function AllWalletsRoute(props: AllWalletsRouteProps) {
  const { t } = useMessages()
  const [search, setSearch] = useState('')
  const all = useAllWallets(search)
  const connectors = useConnectors()
  const isPhone = useIsPhone()
  return (
    <AllWalletsView
      search={search}
      onSearchChange={setSearch}
      autoFocusSearch={!isPhone}
      wallets={all.wallets.map((wallet) => ({
        id: wallet.id,
        name: wallet.name,
        icon: wallet.image_url,
        installed: getListingTarget(wallet, connectors).type === 'connector',
      }))}
      status={all.status}
      errorMessage={all.error ? t('allWallets.loadFailed') : undefined}
      onRetry={all.retry}
      hasMore={all.hasMore}
      loadingMore={all.isLoadingMore}
      loadMoreFailed={all.loadMoreFailed}
      onLoadMore={all.loadMore}
      resultsCount={all.isSearch ? all.count : undefined}
      onSelect={(id) => {
        const listing = all.wallets.find((wallet) => wallet.id === id)
        if (listing) props.onSelect(getListingTarget(listing, connectors))
      }}
    />
  )
}
