import { createLazyView } from '../transaction/LazyView.tsx'
import type { ConnectingFarcasterContainerProps } from './ConnectingFarcasterContainer.tsx'
import type { ConnectingSocialContainerProps } from './ConnectingSocialContainer.tsx'

/**
 * The social sign-in's chunk: its views and core's flows (the popup's answer, the Farcaster
 * wait, the redirect's return), loaded on the first click of a social button.
 */
export const loadSocialViews = () => import('./socialViews.ts')

/** ConnectingSocial: "Continue in the {Provider} window", Cancel. */
export const connectingSocialRoute = createLazyView<ConnectingSocialContainerProps>(() =>
  loadSocialViews().then((views) => ({ default: views.ConnectingSocialContainer })),
)

/** ConnectingFarcaster: the relay's QR code, Copy link, Open Farcaster. */
export const connectingFarcasterRoute = createLazyView<ConnectingFarcasterContainerProps>(() =>
  loadSocialViews().then((views) => ({ default: views.ConnectingFarcasterContainer })),
)
