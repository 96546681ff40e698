import { useLayoutEffect, useRef } from 'react'
import { useMessages } from '../hooks/useMessages.ts'
import { ModalCloseButton } from './ModalCloseButton.tsx'

export type ConnectModalShellProps = { onClose(): void }

/**
 * The modal's frame while its code is still loading (a click before the page's import of it landed):
 * the dialog opens at once with its title and a busy state, and the real views replace it when
 * the chunk arrives. Small, and in the initial chunk on purpose.
 */
export function ConnectModalShell(props: ConnectModalShellProps) {
  const { t, dir, locale } = useMessages()
  const ref = useRef<HTMLDialogElement>(null)
  useLayoutEffect(() => {
    const dialog = ref.current
    if (dialog && !dialog.open) dialog.showModal()
    return () => {
      if (dialog?.open) dialog.close()
    }
  }, [])
  return (
    <dialog
      ref={ref}
      className="latch-modal"
      dir={dir}
      lang={locale}
      aria-modal="true"
      aria-label={t('connect.title')}
      aria-busy="true"
      onCancel={(event) => {
        event.preventDefault()
        props.onClose()
      }}
    >
      <div className="latch-modal__panel">
        <div className="latch-modal__header">
          <span className="latch-icon-button latch-icon-button--placeholder" />
          <h2 className="latch-modal__title">{t('connect.title')}</h2>
          <ModalCloseButton onClose={props.onClose} />
        </div>
        <div className="latch-modal__body">
          <p className="latch-modal__loading" role="status">
            {t('modal.loading')}
          </p>
        </div>
      </div>
    </dialog>
  )
}
