import { switchNetwork } from '@latch/core'
import { useMutation } from '@tanstack/react-query'
import { getErrorMessage, isUserRejection } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useMessages } from '../hooks/useMessages.ts'

export type UseSwitchNetworkReturnType = {
  /**
   * Switches to a network of any namespace. `onSwitched` once it is active; `onConnectRequired`
   * when no wallet of its namespace is connected (the page then asks to connect one).
   */
  switchNetwork(
    caipNetworkId: string,
    handlers: { onSwitched(): void; onConnectRequired(): void },
  ): void
  /** The network being switched to, while the wallet is asked. */
  pendingId: string | undefined
  /** Why the last switch failed (a refusal in the wallet is not a failure). */
  error: string | undefined
  declined: boolean
}

/**
 * `switchNetwork` across namespaces, with the same feedback as the EVM switch: an error
 * toast on failure, nothing on a refusal, "Switched to …" on success.
 */
export function useSwitchNetwork(): UseSwitchNetworkReturnType {
  const config = useConfig()
  const { t } = useMessages()
  const mutation = useMutation({
    mutationFn: (caipNetworkId: string) => switchNetwork(config, { caipNetworkId }),
    onError: (error) => {
      if (!isUserRejection(error))
        config.toasts.show({ variant: 'error', message: getErrorMessage(error, t) })
    },
  })
  const { error } = mutation
  return {
    switchNetwork: (caipNetworkId, handlers) =>
      mutation.mutate(caipNetworkId, {
        onSuccess: (result) => {
          if (result.status === 'connectRequired') return handlers.onConnectRequired()
          config.toasts.show({
            variant: 'success',
            message: t('networks.switched', { network: result.network.name }),
          })
          handlers.onSwitched()
        },
      }),
    pendingId: mutation.isPending ? mutation.variables : undefined,
    error: error && !isUserRejection(error) ? getErrorMessage(error, t) : undefined,
    declined: isUserRejection(error),
  }
}
