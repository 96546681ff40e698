import { createLazyView } from '../transaction/LazyView.tsx'

/** The Swap view: its code (flow, texts, quote figures) loads when it is first opened. */
export const swapRoute = createLazyView(() =>
  import('./swapViews.ts').then((views) => ({ default: views.SwapContainer })),
)

/** The Swap view's token picker (same chunk as Swap). */
export const swapTokenPickerRoute = createLazyView(() =>
  import('./swapViews.ts').then((views) => ({ default: views.SwapTokenPickerContainer })),
)
