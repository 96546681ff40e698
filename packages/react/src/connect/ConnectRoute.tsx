import { useMemo } from 'react'
import { useConfig } from '../hooks/useConfig.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { useRecommendedWallets } from '../hooks/useRecommendedWallets.ts'
import { ConnectView } from './ConnectView.tsx'
import { getConnectMethods } from './getConnectMethods.ts'
import { type ConnectTarget, getConnectWallets } from './getConnectWallets.ts'

export type ConnectRouteProps = {
  onSelect(target: ConnectTarget): void
  onAllWallets(): void
}

/**
 * The Connect view wired up: the configured connect methods, then recent, installed and
 * recommended wallets (the registry's, while it loads or if it fails: installed wallets and
 * WalletConnect only) and "All Wallets" with the registry's count.
 */
export function ConnectRoute(props: ConnectRouteProps) {
  const { options } = useConfig()
  const { connectors, recentWallets } = useLatchState()
  const registry = useRecommendedWallets()
  const listings = registry.data?.listings
  const wallets = useMemo(
    () => getConnectWallets({ recent: recentWallets, connectors, recommended: listings ?? [] }),
    [recentWallets, connectors, listings],
  )
  const hasWalletConnect = connectors.some((connector) => connector.type === 'WALLET_CONNECT')
  return (
    <ConnectView
      methods={getConnectMethods(options.connectMethodsOrder, {
        email: options.features.email,
        social: options.features.socials,
      })}
      wallets={wallets}
      loadingWallets={hasWalletConnect && registry.isPending}
      allWallets={
        options.features.allWallets && hasWalletConnect
          ? { count: registry.data?.count }
          : undefined
      }
      onSelect={(wallet) => props.onSelect(wallet.target)}
      onAllWallets={props.onAllWallets}
    />
  )
}
