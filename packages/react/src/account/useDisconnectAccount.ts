import { disconnect } from '@latch/core'
import { useMutation } from '@tanstack/react-query'
import { getErrorMessage } from '../errors/getErrorMessage.ts'
import { useConfig } from '../hooks/useConfig.ts'
import { useMessages } from '../hooks/useMessages.ts'

/**
 * Disconnects the wallet. The app state resets whatever the wallet says (so the account view
 * is gone by then); a failure in the wallet shows the 'Failed to disconnect' error toast.
 */
export function useDisconnectAccount(
  parameters: { onDisconnected?: (() => void) | undefined } = {},
) {
  const config = useConfig()
  const { t } = useMessages()
  const mutation = useMutation({
    mutationFn: () => disconnect(config),
    onError: (error) =>
      config.toasts.show({ variant: 'error', message: getErrorMessage(error, t) }),
    onSettled: () => parameters.onDisconnected?.(),
  })
  return { disconnect: () => mutation.mutate(), isPending: mutation.isPending }
}
