import { createLazyView } from '../transaction/LazyView.tsx'

/** The Swap view's token picker (same chunk as Swap). */
export const swapTokenPickerRoute = createLazyView(() =>
  import('./swapViews.ts').then((views) => ({ default: views.SwapTokenPickerContainer })),
)

/**
 * The Swap view: its code (flow, texts, quote figures) loads when it is first opened; the
 * picker's loader is readied with it, so the picker renders at once and takes the focus.
 */
export const swapRoute = createLazyView(() =>
  import('./swapViews.ts').then((views) => {
    void swapTokenPickerRoute.preload()
    return { default: views.SwapContainer }
  }),
)
