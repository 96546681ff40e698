import { useEffect, useRef } from 'react'
import { useConfig } from '../hooks/useConfig.ts'
import { useMessages } from '../hooks/useMessages.ts'

/**
 * A toast when a pending transaction confirms or fails, also one sent before a reload: watches
 * `config.transactions`, which re-checks each pending hash when first watched (and polls every
 * 30 s when the app enabled it). The send flow toasts its own outcome, so only outcomes found
 * by a check are shown here. Mount once (`Toasts` on the page does).
 */
export function usePendingTransactionToasts(enabled: boolean): void {
  const config = useConfig()
  const { t } = useMessages()
  // The latest locale's words, without watching (and re-checking) again when it changes.
  const translate = useRef(t)
  translate.current = t
  useEffect(() => {
    if (!enabled) return
    return config.transactions.watch((transaction) => {
      if (transaction.via !== 'check') return
      const confirmed = transaction.status === 'confirmed'
      config.toasts.show({
        variant: confirmed ? 'success' : 'error',
        message: translate.current(confirmed ? 'transactions.confirmed' : 'transactions.failed'),
      })
    })
  }, [config, enabled])
}
