import { disconnect } from '@latch/core'
import { useMutation } from '@tanstack/react-query'
import { useConfig } from './useConfig.ts'

/** Disconnects the wallet; `error` is a `DisconnectFailedError` when the wallet failed. */
export function useDisconnect() {
  const config = useConfig()
  const mutation = useMutation({ mutationFn: () => disconnect(config) })
  return {
    disconnect: () => mutation.mutate(),
    isPending: mutation.isPending,
    error: mutation.error,
  }
}
