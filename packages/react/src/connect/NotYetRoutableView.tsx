import type { ModalView } from '@latch/core'
import { useMessages } from '../hooks/useMessages.ts'

/**
 * The body of a modal view that the route table lists as not routable yet: says so, in the
 * person's language; the header's Back leaves it. `reason` is for developers (a data attribute).
 */
export function NotYetRoutableView(props: { view: ModalView; reason: string }) {
  const { t } = useMessages()
  return (
    <div
      className="latch-connecting"
      data-testid="view-not-available"
      data-view={props.view}
      data-reason={props.reason}
    >
      <p className="latch-connecting__text">{t('modal.notAvailable')}</p>
    </div>
  )
}
