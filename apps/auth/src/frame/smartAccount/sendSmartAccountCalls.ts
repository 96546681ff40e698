import { toSimpleSmartAccount } from 'permissionless/accounts'
import {
  type BaseError,
  createClient,
  custom,
  decodeErrorResult,
  defineChain,
  type Hex,
  HttpRequestError,
  hexToBigInt,
  http,
  TimeoutError,
} from 'viem'
import {
  createBundlerClient,
  createPaymasterClient,
  getUserOperationReceipt,
  type UserOperationReceipt,
  waitForUserOperationReceipt,
} from 'viem/account-abstraction'
import { toAccount } from 'viem/accounts'
import { FrameRequestError } from '../../errors/frameRequest.ts'
import type { FrameContext } from '../frameContext.ts'
import { withAccount } from '../walletKeys.ts'

/**
 * The smart account's sending, loaded by the frame only when a smart account sends (it holds
 * permissionless' SimpleAccount and viem's account abstraction): a user operation through the
 * API's bundler endpoint, its gas paid by the API's paymaster endpoint where the network has one.
 */

export type SmartAccountCall = { to: Hex; value?: bigint | undefined; data?: Hex | undefined }

export type SmartAccountTarget = {
  chainId: number
  owner: Hex
  smartAccount: Hex
  entryPoint: Hex
  factory: Hex
  sponsored: boolean
}

export type PreparedSmartAccountCalls = {
  /** Gas paid by the paymaster (nothing from the account). */
  sponsored: boolean
  /** The most the account pays when not sponsored (wei). */
  maxFee: bigint
  /** Signs (the key is opened for the signature only) and hands it to the bundler. */
  send(): Promise<Hex>
}

/** How long a sent user operation may take to be included before the frame stops waiting. */
export const userOperationTimeoutMs = 90_000

/** The bundler was not reached or failed: nothing was signed or sent. */
const bundlerUnavailable = (cause: unknown) =>
  new FrameRequestError(
    -32603,
    'The bundler is not available right now: nothing was sent. Try again in a moment.',
    { cause },
  )

function endpoint(context: FrameContext, path: string, chainId: number) {
  const url = new URL(path, context.config.apiUrl)
  url.searchParams.set('projectId', context.config.projectId)
  url.searchParams.set('chainId', String(chainId))
  return http(url.toString(), {
    timeout: 30_000,
    retryCount: 0,
    fetchOptions: { credentials: 'omit' },
    fetchFn: context.fetchFn,
  })
}

async function createClients(context: FrameContext, target: SmartAccountTarget) {
  // The app's RPC endpoint, with its chain id known (SimpleAccount's nonce key reads it).
  const rpc = context.publicClient(target.chainId)
  const client = createClient({
    chain: defineChain({
      id: target.chainId,
      name: `Network ${target.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [] } },
    }),
    transport: custom({ request: (args) => rpc.request(args as never) }),
  })
  // The owner as viem sees it: its key is put together only when it signs.
  const owner = toAccount({
    address: target.owner,
    signMessage: ({ message }) => withAccount(context, (wallet) => wallet.signMessage({ message })),
    signTypedData: (typedData) =>
      withAccount(context, (wallet) => wallet.signTypedData(typedData as never)),
    signTransaction: () => {
      throw new FrameRequestError(4200, 'The smart account’s owner does not send transactions.')
    },
  })
  const account = await toSimpleSmartAccount({
    client,
    owner,
    entryPoint: { address: target.entryPoint, version: '0.7' },
    factoryAddress: target.factory,
    index: 0n,
    address: target.smartAccount,
  })
  const bundler = createBundlerClient({
    account,
    client,
    transport: endpoint(context, '/v1/bundler', target.chainId),
    ...(target.sponsored
      ? {
          paymaster: createPaymasterClient({
            transport: endpoint(context, '/v1/paymaster', target.chainId),
          }),
        }
      : {}),
    userOperation: {
      // The bundler's own price (it refuses less than it asks for).
      async estimateFeesPerGas({ bundlerClient }) {
        const prices = (await bundlerClient.request({
          method: 'pimlico_getUserOperationGasPrice' as never,
        })) as { fast: { maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } }
        return {
          maxFeePerGas: hexToBigInt(prices.fast.maxFeePerGas),
          maxPriorityFeePerGas: hexToBigInt(prices.fast.maxPriorityFeePerGas),
        }
      },
    },
  })
  return { bundler, account }
}

/** Whether the failure is the bundler (or the API before it) not answering. */
function isUnreachable(error: unknown): boolean {
  let cause: unknown = error
  while (cause instanceof Error) {
    if (cause instanceof HttpRequestError || cause instanceof TimeoutError) return true
    if (/Failed to fetch user operation receipt/.test(cause.message)) return true
    // The API's /v1/bundler and /v1/paymaster answer -32603 'Internal error: the bundler
    // "{name}" (the paymaster service) for eip155:N did not answer ...' when they cannot reach
    // it (down, slow, garbled).
    if (
      /the (bundler "[^"]*"|paymaster service) for \S+ (did not answer|answered with)/.test(
        cause.message,
      )
    )
      return true
    cause = cause.cause
  }
  return false
}

/** A failure as the page should read it: the bundler down, or why the calls would revert. */
export function toUserOperationError(error: unknown): Error {
  if (error instanceof FrameRequestError) return error
  if (isUnreachable(error)) return bundlerUnavailable(error)
  const inner = (error as BaseError).cause as BaseError | undefined
  const message =
    (inner && 'shortMessage' in inner && inner.shortMessage) ||
    (error as BaseError).shortMessage ||
    'The user operation failed.'
  // The bundler gives the revert data in hex: an Error(string) is shown as its text.
  const readable = message.replace(/0x08c379a0[0-9a-fA-F]*/g, (data) => readRevertReason(data))
  return new FrameRequestError(-32003, `The smart account cannot send this: ${readable}`, {
    cause: error,
  })
}

/** A revert reason from a receipt: the Error(string) text when it is one, else its bytes. */
export function readRevertReason(reason: string | undefined): string {
  if (!reason || reason === '0x') return 'no reason given'
  if (!/^0x[0-9a-fA-F]*$/.test(reason)) return reason
  try {
    const decoded = decodeErrorResult({ abi: [], data: reason as Hex })
    return String(decoded.args?.[0] ?? decoded.errorName)
  } catch {
    return reason
  }
}

/**
 * Prepares the calls as one user operation (estimated by the bundler, the paymaster's stub
 * asked): a revert or an unreachable bundler fails here, before anything is shown or signed.
 */
export async function prepareSmartAccountCalls(
  context: FrameContext,
  target: SmartAccountTarget,
  calls: SmartAccountCall[],
): Promise<PreparedSmartAccountCalls> {
  const { bundler } = await createClients(context, target)
  try {
    const prepared = await bundler.prepareUserOperation({ calls })
    const gas =
      prepared.callGasLimit +
      prepared.verificationGasLimit +
      prepared.preVerificationGas +
      (prepared.paymasterVerificationGasLimit ?? 0n) +
      (prepared.paymasterPostOpGasLimit ?? 0n)
    return {
      sponsored: target.sponsored && Boolean(prepared.paymaster),
      maxFee: gas * prepared.maxFeePerGas,
      async send() {
        try {
          // Prepared again: a fresh nonce and paymaster signature after the confirmation.
          return await bundler.sendUserOperation({ calls })
        } catch (error) {
          throw toUserOperationError(error)
        }
      },
    }
  } catch (error) {
    throw toUserOperationError(error)
  }
}

/** Waits for the user operation's receipt (bounded by `userOperationTimeoutMs`). */
export async function waitForUserOperation(
  context: FrameContext,
  target: SmartAccountTarget,
  hash: Hex,
): Promise<UserOperationReceipt> {
  const { bundler } = await createClients(context, target)
  try {
    return await waitForUserOperationReceipt(bundler, {
      hash,
      timeout: userOperationTimeoutMs,
      pollingInterval: 1_000,
    })
  } catch (error) {
    if (error instanceof Error && error.name === 'WaitForUserOperationReceiptTimeoutError')
      throw new FrameRequestError(
        -32603,
        `The user operation ${hash} was sent but not included within ${userOperationTimeoutMs / 1000} s.`,
        { cause: error },
      )
    throw toUserOperationError(error)
  }
}

/** The receipt if the user operation is included, else undefined (still pending). */
export async function readUserOperationReceipt(
  context: FrameContext,
  target: SmartAccountTarget,
  hash: Hex,
): Promise<UserOperationReceipt | undefined> {
  const { bundler } = await createClients(context, target)
  try {
    return await getUserOperationReceipt(bundler, { hash })
  } catch (error) {
    if (error instanceof Error && error.name === 'UserOperationReceiptNotFoundError')
      return undefined
    throw toUserOperationError(error)
  }
}
