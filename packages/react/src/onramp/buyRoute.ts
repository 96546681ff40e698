import { createLazyView } from '../transaction/LazyView.tsx'

/** The Buy view (on-ramp): its code, texts in every language included, loads when it is first opened. */
export const buyRoute = createLazyView(() => import('./BuyContainer.tsx'))
