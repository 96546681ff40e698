import { ConnectorAccountNotFoundError } from '../../errors/connector.ts'
import { rpcTimeoutMs } from '../../timings.ts'

/**
 * Bounds a call that must not prompt (restoring a connection): a wallet that does not answer
 * in `rpcTimeoutMs` is taken as not connected.
 */
export function withSilentTimeout<T>(promise: Promise<T>, walletName: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ConnectorAccountNotFoundError(walletName)), rpcTimeoutMs)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}
