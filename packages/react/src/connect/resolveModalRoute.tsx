import type { ModalView } from '@latch/core'
import type { ReactNode } from 'react'
import { type ModalRouteEntry, type ModalViewContext, modalRoutes } from './modalRoutes.tsx'
import { NotYetRoutableView } from './NotYetRoutableView.tsx'

export type ResolveModalRouteReturnType = {
  title: string
  body: ReactNode
  /** Whether the header may offer Back. */
  back: boolean
}

/** A view's title and body from the table; a view not routable yet shows the placeholder. */
export function resolveModalRoute(
  view: ModalView,
  context: ModalViewContext,
): ResolveModalRouteReturnType {
  const entry: ModalRouteEntry = modalRoutes[view]
  if (entry.status === 'notYetRoutable')
    return {
      title: context.t('modal.notAvailableTitle'),
      body: <NotYetRoutableView view={view} reason={entry.reason} />,
      back: true,
    }
  return {
    title: entry.title(context),
    body: entry.render(context),
    back: entry.back ?? true,
  }
}
