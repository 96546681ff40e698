import type { LatchConfig } from '../createLatchConfig.ts'
import { ConnectorNotConnectedError } from '../errors/connector.ts'
import { CallsStatusNotApprovedError } from '../errors/eip5792.ts'
import { fromProviderError } from '../errors/fromProviderError.ts'

export type GetCallsStatusParameters = {
  /** The batch id `wallet_sendCalls` answered. */
  id: string
}

/** The wallet's EIP-5792 answer: the batch's status code and receipts, as it gives them. */
export type GetCallsStatusReturnType = {
  status: number | string | undefined
  receipts: unknown[]
}

export type GetCallsStatusErrorType = ConnectorNotConnectedError | CallsStatusNotApprovedError

/**
 * Asks the connected wallet for the status of a batch of calls (EIP-5792
 * `wallet_getCallsStatus`). A wallet without the method, or that did not approve it for this
 * app, is a `CallsStatusNotApprovedError` ('Fetching call status not approved by the wallet.').
 */
export async function getCallsStatus(
  config: LatchConfig,
  parameters: GetCallsStatusParameters,
): Promise<GetCallsStatusReturnType> {
  const state = config.getState()
  const connector = state.connectors.find((entry) => entry.id === state.connectorId)
  if (state.status !== 'connected' || !connector) throw new ConnectorNotConnectedError()
  let answer: unknown
  try {
    const provider = await connector.getProvider()
    answer = await provider.request({ method: 'wallet_getCallsStatus', params: [parameters.id] })
  } catch (cause) {
    throw new CallsStatusNotApprovedError({ cause: fromProviderError(cause) })
  }
  const { status, receipts } = (answer ?? {}) as { status?: unknown; receipts?: unknown }
  return {
    status: typeof status === 'number' || typeof status === 'string' ? status : undefined,
    receipts: Array.isArray(receipts) ? receipts : [],
  }
}
