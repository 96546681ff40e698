import type { LatchConfig } from '../createLatchConfig.ts'
import { CallsStatusTimeoutError } from '../errors/eip5792.ts'
import {
  type GetCallsStatusErrorType,
  type GetCallsStatusReturnType,
  getCallsStatus,
} from './getCallsStatus.ts'

export type WaitForCallsStatusParameters = {
  /** The batch id `wallet_sendCalls` answered. */
  id: string
  /** Gives up after this long; default 60 s (a transaction receipt's wait, spec section 9). */
  timeout?: number | undefined
  /** Asks again this often while pending; default 1 s. */
  pollingInterval?: number | undefined
}

/** The batch's final status: `success` or `failure`, with the receipts. */
export type WaitForCallsStatusReturnType = GetCallsStatusReturnType

export type WaitForCallsStatusErrorType = GetCallsStatusErrorType | CallsStatusTimeoutError

/**
 * Polls `getCallsStatus` until the batch is no longer pending, for at most `timeout`; still
 * pending then is a `CallsStatusTimeoutError` (the batch may yet land). A failed status read
 * (the wallet refuses, a bundler answers non-OK) ends the wait with that error.
 */
export async function waitForCallsStatus(
  config: LatchConfig,
  parameters: WaitForCallsStatusParameters,
): Promise<WaitForCallsStatusReturnType> {
  const timeout = parameters.timeout ?? 60_000
  const interval = Math.max(50, parameters.pollingInterval ?? 1_000)
  const { scheduler } = config
  const started = Date.now()
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      scheduler.setTimeout(resolve, ms)
    })
  for (;;) {
    const status = await getCallsStatus(config, { id: parameters.id })
    if (status.status !== 'pending') return status
    const left = timeout - (Date.now() - started)
    if (left <= 0) throw new CallsStatusTimeoutError({ id: parameters.id, timeoutMs: timeout })
    await pause(Math.min(interval, left))
  }
}
