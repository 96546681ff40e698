import { useMessages } from '../hooks/useMessages.ts'

/** The modal header's Close button (the modal and its loading frame share it). */
export function ModalCloseButton(props: { onClose(): void }) {
  const { t } = useMessages()
  return (
    <button
      type="button"
      className="latch-icon-button"
      aria-label={t('modal.close')}
      onClick={props.onClose}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 6l12 12M18 6L6 18" />
      </svg>
    </button>
  )
}
