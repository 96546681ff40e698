import { switchChain } from '@latch/core'
import { useMutation } from '@tanstack/react-query'
import { getErrorMessage, isUserRejection } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useMessages } from '../hooks/useMessages.ts'

export type UseSwitchChainReturnType = {
  /** Asks the wallet to switch; `onSuccess` runs once it has. */
  switchChain(chainId: number, options?: { onSuccess?: (() => void) | undefined }): void
  /** The chain being switched to, while the wallet is asked. */
  pendingChainId: number | undefined
  /** Why the last switch failed (a refusal in the wallet is not a failure). */
  error: string | undefined
  /** The person declined in the wallet. */
  declined: boolean
}

/**
 * Switches the wallet's chain. A failure shows its message and an error toast; a refusal in
 * the wallet returns to idle; a success shows a "Switched to …" toast.
 */
export function useSwitchChain(): UseSwitchChainReturnType {
  const config = useConfig()
  const { t } = useMessages()
  const mutation = useMutation({
    mutationFn: (chainId: number) => switchChain(config, { chainId }),
    onError: (error) => {
      if (!isUserRejection(error))
        config.toasts.show({ variant: 'error', message: getErrorMessage(error, t) })
    },
    onSuccess: (_data, chainId) => {
      const network = config.networks.find((n) => n.id === chainId)
      if (network)
        config.toasts.show({
          variant: 'success',
          message: t('networks.switched', { network: network.name }),
        })
    },
  })
  const { error } = mutation
  return {
    switchChain: (chainId, options) => mutation.mutate(chainId, { onSuccess: options?.onSuccess }),
    pendingChainId: mutation.isPending ? mutation.variables : undefined,
    error: error && !isUserRejection(error) ? getErrorMessage(error, t) : undefined,
    declined: isUserRejection(error),
  }
}
