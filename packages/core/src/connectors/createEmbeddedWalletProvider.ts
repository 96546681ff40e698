import { frameRpcMethods, rpcEndpointUrl } from '@latch/api-contract'
import { EmbeddedWalletRequestError } from '../errors/embeddedWallet.ts'
import { fromProviderError } from '../errors/fromProviderError.ts'
import { ProviderRequestError } from '../errors/provider.ts'
import type { Eip1193Provider, Eip1193RequestArguments, FetchLike } from '../types.ts'
import { parseChainId } from '../utils/parseChainId.ts'
import type { FrameTransport } from './createFrameTransport.ts'

export type CreateEmbeddedWalletProviderParameters = {
  transport: Pick<FrameTransport, 'request'>
  /** The chain the wallet is on now. */
  getChainId(): number
  /** After a switch the frame confirmed. */
  onChainChanged(chainId: number): void
  apiUrl: string
  projectId: string
  fetch?: FetchLike | undefined
}

const frameMethods: ReadonlySet<string> = new Set(frameRpcMethods)

/** JSON-RPC's internal (-32603) and server (-32000 to -32099) codes. */
const isServerCode = (code: number) => code === -32603 || (code <= -32000 && code >= -32099)

/**
 * A frame refusal with an EIP-1193 code (4001 rejected...) as the wallet error it stands for.
 * With a JSON-RPC internal or server code the frame's own sentence is kept (the bundler is
 * down, why a user operation would revert, a node's refusal): the frame words its errors for
 * the person, where the code alone would read 'Internal error'.
 */
function toWalletError(error: unknown): unknown {
  if (!(error instanceof EmbeddedWalletRequestError) || typeof error.frameCode !== 'number')
    return error
  if (isServerCode(error.frameCode))
    return new ProviderRequestError(error.shortMessage, { cause: error, code: error.frameCode })
  return fromProviderError(Object.assign(new Error(error.shortMessage), { code: error.frameCode }))
}

/**
 * The embedded wallet's EIP-1193 provider (design: issue 12): signing, sending and the account
 * methods go to the frame (`rpcRequest`), `wallet_switchEthereumChain` to `switchNetwork`, and
 * every other method (reads, gas, receipts) to the API's JSON-RPC endpoint for the current
 * chain. Send, names and sign-in use it as any wallet's.
 */
export function createEmbeddedWalletProvider(
  parameters: CreateEmbeddedWalletProviderParameters,
): Eip1193Provider {
  let nextId = 1
  const doFetch =
    parameters.fetch ??
    ((url, init) => (globalThis as unknown as { fetch: FetchLike }).fetch(url, init))

  async function readOverHttp(args: Eip1193RequestArguments): Promise<unknown> {
    const url = rpcEndpointUrl({
      apiUrl: parameters.apiUrl,
      chainId: parameters.getChainId(),
      projectId: parameters.projectId,
    })
    const response = await doFetch(url, {
      method: 'POST',
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: nextId++,
        method: args.method,
        params: args.params ?? [],
      }),
    })
    const body = (await response.json().catch(() => undefined)) as
      | { result?: unknown; error?: { code?: unknown; message?: unknown } }
      | undefined
    if (body?.error)
      throw fromProviderError(
        Object.assign(new Error(String(body.error.message ?? 'RPC error')), {
          code: body.error.code,
        }),
      )
    if (!response.ok || !body || !('result' in body))
      throw fromProviderError(new Error(`The RPC endpoint answered HTTP ${response.status}.`))
    return body.result
  }

  return {
    async request(args) {
      if (args.method === 'wallet_switchEthereumChain') {
        const [target] = Array.isArray(args.params) ? args.params : []
        const chainId = parseChainId((target as { chainId?: unknown } | undefined)?.chainId)
        if (chainId === undefined)
          throw fromProviderError(
            Object.assign(new Error('wallet_switchEthereumChain needs a chainId.'), {
              code: -32602,
            }),
          )
        try {
          const result = await parameters.transport.request('switchNetwork', { chainId })
          parameters.onChainChanged(result.chainId)
        } catch (error) {
          throw toWalletError(error)
        }
        return null
      }
      if (frameMethods.has(args.method)) {
        try {
          const { result } = await parameters.transport.request('rpcRequest', {
            chainId: parameters.getChainId(),
            method: args.method as (typeof frameRpcMethods)[number],
            params: Array.isArray(args.params) ? [...args.params] : undefined,
          })
          return result
        } catch (error) {
          throw toWalletError(error)
        }
      }
      return readOverHttp(args)
    },
  }
}
