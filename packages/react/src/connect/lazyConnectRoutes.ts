import { createLazyView } from '../transaction/LazyView.tsx'
import type { AllWalletsRouteProps } from './AllWalletsRoute.tsx'
import type { ConnectingWalletConnectProps } from './ConnectingWalletConnect.tsx'
import type { ConnectingWalletConnectBasicProps } from './ConnectingWalletConnectBasic.tsx'

/**
 * The modal's views that only a choice on the Connect view opens: their code stays out of the
 * modal's idle prefetch and loads on that choice (the WalletConnect views wait for the
 * WalletConnect SDK, hundreds of KB, anyway).
 */
export const allWalletsRoute = createLazyView<AllWalletsRouteProps>(() =>
  import('./AllWalletsRoute.tsx').then((module) => ({ default: module.AllWalletsRoute })),
)

export const connectingWalletConnectRoute = createLazyView<ConnectingWalletConnectProps>(() =>
  import('./ConnectingWalletConnect.tsx').then((module) => ({
    default: module.ConnectingWalletConnect,
  })),
)

export const connectingWalletConnectBasicRoute = createLazyView<ConnectingWalletConnectBasicProps>(
  () =>
    import('./ConnectingWalletConnectBasic.tsx').then((module) => ({
      default: module.ConnectingWalletConnectBasic,
    })),
)

/** Networks and UnsupportedChain: only a connected account opens them. */
export const networksRoute = createLazyView(() =>
  import('../networks/NetworksContainer.tsx').then((module) => ({
    default: module.NetworksContainer,
  })),
)

export const unsupportedChainRoute = createLazyView(() =>
  import('../networks/UnsupportedChainContainer.tsx').then((module) => ({
    default: module.UnsupportedChainContainer,
  })),
)
