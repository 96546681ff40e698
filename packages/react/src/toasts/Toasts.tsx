import { useConnectModal } from '../hooks/useConnectModal.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { usePendingTransactionToasts } from '../transactions/usePendingTransactionToasts.ts'
import { ToastViewport } from './ToastViewport.tsx'
import { useToastState } from './useToasts.ts'

export type ToastsProps = {
  /**
   * 'page' (default) renders while the modal is closed; 'modal' goes inside the modal dialog
   * and renders while it is open (a modal dialog makes everything outside it inert and
   * covers it, so a toast must live inside it then).
   */
  placement?: 'page' | 'modal' | undefined
}

/**
 * `config.toasts` on screen: success, loading and error messages, bottom centre. The page's
 * instance also toasts pending transactions as they settle (after a reload too).
 */
export function Toasts(props: ToastsProps) {
  const { isOpen } = useConnectModal()
  const toast = useToastState()
  usePendingTransactionToasts(props.placement !== 'modal')
  const { t } = useMessages()
  if (isOpen !== (props.placement === 'modal')) return null
  return <ToastViewport toast={toast} label={t('toasts.label')} />
}
