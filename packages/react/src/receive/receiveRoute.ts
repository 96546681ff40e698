import { createLazyView } from '../transaction/LazyView.tsx'

/** The Receive view: its code (QR code included) loads when it is first opened. */
export const receiveRoute = createLazyView(() =>
  import('../transaction/transferViews.ts').then((views) => ({ default: views.ReceiveContainer })),
)
