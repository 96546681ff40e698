import { OutboundFetchError } from '../../errors/outbound.ts'

/**
 * Whether an error (or one of its causes) is this process's own outbound cap refusing a
 * request: the host was never asked, so the failure must not be cached against it.
 */
export function isBusyError(error: unknown): boolean {
  for (let current = error; current instanceof Error; current = current.cause)
    if (current instanceof OutboundFetchError && current.busy) return true
  return false
}
