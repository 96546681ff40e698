import { createLazyView } from '../transaction/LazyView.tsx'

/** RegisterAccountName: its code loads when first opened. */
export const registerAccountNameRoute = createLazyView(
  () => import('./RegisterAccountNameContainer.tsx'),
)

/** RegisterAccountNameSuccess, in the same chunk. */
export const registerAccountNameSuccessRoute = createLazyView(
  () => import('./RegisterAccountNameSuccessContainer.tsx'),
)
