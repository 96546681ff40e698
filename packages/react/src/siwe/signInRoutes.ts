import { createLazyView } from '../transaction/LazyView.tsx'

/** ConnectingSiwe and SIWXSignMessage: their code (viem's EIP-4361 writer) loads when shown. */
export const signInRoute = createLazyView(() => import('./SignInContainer.tsx'))

/** The Sessions view, loaded when first opened. */
export const sessionsRoute = createLazyView(() => import('./SessionsContainer.tsx'))
