import { useMessages } from '../hooks/useMessages.ts'

export type ConnectButtonProps = {
  onClick(): void
  /** Hover or focus: a good moment to fetch the modal's code. */
  onIntent?: (() => void) | undefined
  /** While a previous connection is being restored. */
  busy?: boolean | undefined
}

/** The "Connect Wallet" button. */
export function ConnectButton(props: ConnectButtonProps) {
  const { t } = useMessages()
  return (
    <button
      type="button"
      className="latch-button latch-button--primary"
      onClick={props.onClick}
      onPointerEnter={props.onIntent}
      onFocus={props.onIntent}
      aria-busy={props.busy || undefined}
    >
      <svg
        className="latch-button__icon"
        viewBox="0 0 24 24"
        aria-hidden="true"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M17 7V5.5A1.5 1.5 0 0 0 15.5 4h-10A2.5 2.5 0 0 0 3 6.5v11A2.5 2.5 0 0 0 5.5 20h13a2.5 2.5 0 0 0 2.5-2.5v-8A2.5 2.5 0 0 0 18.5 7H5.5" />
        <path d="M16.5 13.5h.01" strokeWidth="3" />
      </svg>
      {t('connect.button')}
    </button>
  )
}
