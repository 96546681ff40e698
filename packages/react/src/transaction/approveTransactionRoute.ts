import { createLazyView } from './LazyView.tsx'

/** The ApproveTransaction view, in the chunk of the flow that opens it (Send). */
export const approveTransactionRoute = createLazyView(() =>
  import('./transferViews.ts').then((views) => ({ default: views.ApproveTransactionContainer })),
)
