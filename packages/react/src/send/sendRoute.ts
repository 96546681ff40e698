import { createLazyView } from '../transaction/LazyView.tsx'

/** The Send view: its code (form, validation, fee estimate) loads when it is first opened. */
export const sendRoute = createLazyView(() =>
  import('../transaction/transferViews.ts').then((views) => ({ default: views.SendContainer })),
)
