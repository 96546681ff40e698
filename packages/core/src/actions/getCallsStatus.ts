import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { ConnectorNotConnectedError } from '../errors/connector.ts'
import { CallsStatusNotApprovedError, UserOperationReceiptError } from '../errors/eip5792.ts'
import { fromProviderError } from '../errors/fromProviderError.ts'
import type { FetchLike, Hex } from '../types.ts'

export type GetCallsStatusParameters = {
  /** The batch id `wallet_sendCalls` answered (a user operation hash for a smart account). */
  id: string
}

/** One transaction of a batch, as its receipt says. */
export type CallsReceipt = {
  transactionHash: Hex
  status: 'success' | 'reverted'
  blockNumber: bigint | undefined
}

/** EIP-5792's status of a batch, read the same from v1 and v2 wallets and from a bundler. */
export type GetCallsStatusReturnType = {
  /** 'pending' (100), 'success' (200), 'failure' (400 not sent, 500 reverted, 600 partly). */
  status: 'pending' | 'success' | 'failure'
  /** The EIP-5792 v2 code: 100, 200, 400, 500 or 600. */
  statusCode: number
  /** The calls ran in one transaction (all or none); undefined when the wallet did not say. */
  atomic: boolean | undefined
  receipts: CallsReceipt[]
}

export type GetCallsStatusErrorType =
  | ConnectorNotConnectedError
  | CallsStatusNotApprovedError
  | UserOperationReceiptError

/** A bundler answer takes longer than this: the status is asked again later. */
const bundlerTimeoutMs = 10_000

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const statusOf = (code: number): GetCallsStatusReturnType['status'] =>
  code >= 100 && code < 200 ? 'pending' : code >= 200 && code < 300 ? 'success' : 'failure'

/** EIP-5792 v1 wallets answer 'PENDING' / 'CONFIRMED'; v2 wallets a number. */
function readStatusCode(status: unknown, receipts: CallsReceipt[]): number | undefined {
  if (typeof status === 'number' && Number.isInteger(status)) return status
  if (status === 'PENDING') return 100
  if (status === 'CONFIRMED')
    return receipts.length > 0 && receipts.every((r) => r.status === 'reverted') ? 500 : 200
  return undefined
}

function readReceipt(value: unknown): CallsReceipt | undefined {
  if (!isRecord(value)) return undefined
  const hash = value.transactionHash
  if (typeof hash !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(hash)) return undefined
  const status = value.status
  const block = value.blockNumber
  return {
    transactionHash: hash as Hex,
    // '0x1' (v2), 'success' (v1 drafts).
    status: status === '0x1' || status === 'success' || status === 1 ? 'success' : 'reverted',
    blockNumber:
      typeof block === 'string' && /^0x[0-9a-fA-F]+$/.test(block) ? BigInt(block) : undefined,
  }
}

/** Reads a wallet's `wallet_getCallsStatus` answer; undefined when it does not read. */
function readWalletAnswer(answer: unknown): GetCallsStatusReturnType | undefined {
  if (!isRecord(answer)) return undefined
  const receipts = (Array.isArray(answer.receipts) ? answer.receipts : [])
    .map(readReceipt)
    .filter((receipt): receipt is CallsReceipt => receipt !== undefined)
  const statusCode = readStatusCode(answer.status, receipts)
  if (statusCode === undefined) return undefined
  return {
    status: statusOf(statusCode),
    statusCode,
    atomic: typeof answer.atomic === 'boolean' ? answer.atomic : undefined,
    receipts,
  }
}

/**
 * A WalletConnect wallet without `wallet_getCallsStatus` may name its bundler in the session
 * (spec section 7: "It uses bundler_name, then bundler_url"): the batch id is then a user
 * operation hash, and its receipt comes from the Latch API's `POST /v1/bundler` (by name) or
 * the wallet's bundler URL. Non-OK is 'Failed to fetch user operation receipt - {status}'.
 */
async function fromBundler(
  config: LatchConfig,
  properties: Readonly<Record<string, string>>,
  chainId: number,
  id: string,
): Promise<GetCallsStatusReturnType> {
  const name = properties.bundler_name
  const url = name
    ? `${config.apiUrl}/v1/bundler?${new URLSearchParams({
        projectId: config.projectId,
        chainId: toCaipNetworkId({ reference: chainId }),
        bundler: name,
      })}`
    : (properties.bundler_url as string)
  if (!/^https?:\/\//.test(url))
    throw new UserOperationReceiptError({ details: 'The bundler URL is not http(s).' })
  const fetchFn = config.fetch ?? (globalThis as { fetch?: FetchLike }).fetch
  if (!fetchFn) throw new UserOperationReceiptError({ details: 'No fetch available.' })
  const controller = new AbortController()
  const timer = config.scheduler.setTimeout(() => controller.abort(), bundlerTimeoutMs)
  let response: Awaited<ReturnType<FetchLike>>
  let body: unknown
  try {
    response = await fetchFn(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'eth_getUserOperationReceipt',
        params: [id],
      }),
      signal: controller.signal,
    })
    if (!response.ok) throw new UserOperationReceiptError({ status: response.status })
    body = await response.json()
  } catch (cause) {
    if (cause instanceof UserOperationReceiptError) throw cause
    throw new UserOperationReceiptError({ cause })
  } finally {
    config.scheduler.clearTimeout(timer)
  }
  if (!isRecord(body))
    throw new UserOperationReceiptError({ details: 'The answer is not JSON-RPC.' })
  if (isRecord(body.error))
    throw new UserOperationReceiptError({
      details: String(body.error.message ?? 'JSON-RPC error.'),
    })
  const result = body.result
  // No receipt yet: the user operation is still in the bundler's mempool.
  if (result === null || result === undefined)
    return { status: 'pending', statusCode: 100, atomic: true, receipts: [] }
  if (!isRecord(result))
    throw new UserOperationReceiptError({ details: 'The receipt does not read.' })
  const receipt = readReceipt(result.receipt)
  const statusCode = result.success === true ? 200 : 500
  return {
    status: statusOf(statusCode),
    statusCode,
    // A user operation runs its calls in one execution: all or none.
    atomic: true,
    receipts: receipt
      ? [{ ...receipt, status: result.success === true ? 'success' : 'reverted' }]
      : [],
  }
}

/**
 * Asks the connected wallet for the status of a batch of calls (EIP-5792
 * `wallet_getCallsStatus`), as `pending`, `success` or `failure` with the receipts. A wallet
 * without the method, or that did not approve it for this app, is a
 * `CallsStatusNotApprovedError` ('Fetching call status not approved by the wallet.'), unless
 * its WalletConnect session names a bundler (`bundler_name`, then `bundler_url`), which then
 * answers the user operation's receipt.
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
    const properties = connector.getSession?.()?.sessionProperties
    if (
      properties &&
      (properties.bundler_name || properties.bundler_url) &&
      state.chainId !== undefined
    )
      return fromBundler(config, properties, state.chainId, parameters.id)
    throw new CallsStatusNotApprovedError({ cause: fromProviderError(cause) })
  }
  const status = readWalletAnswer(answer)
  if (!status)
    throw new CallsStatusNotApprovedError({
      details: 'The wallet answered wallet_getCallsStatus with no status.',
    })
  return status
}
