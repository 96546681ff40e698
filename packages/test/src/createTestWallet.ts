import {
  readCallsStatus,
  readWalletAssets,
  type SentBatch,
  sendCallsAsDelegate,
  type WalletAssetToken,
} from '@latch/core'
import {
  type Address,
  bytesToHex,
  type Chain,
  createWalletClient,
  type Hex,
  http,
  isAddress,
  numberToHex,
  type TransactionRequest,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type { WalletRpcError } from './toWalletRpcError.ts'

/**
 * What the wallet does with the next request of a method: approve it, reject it as the person
 * would (4001), or fail as a broken wallet would (-32603).
 */
export type Decision = 'approve' | 'reject' | 'fail'

/** A chain the wallet knows; `name` and `nativeCurrency` default to a devnet's. */
export type TestWalletChain = {
  id: number
  rpcUrl: string
  name?: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
  /** The chain's EIP-7702 delegate for atomic batches (a devnet manifest's chain has it). */
  accountAbstraction?: { simple7702Account?: string } | undefined
  /** Tokens `wallet_getAssets` looks for (a devnet manifest's chain has them). */
  tokens?: readonly WalletAssetToken[] | undefined
}

export type TestWalletEvents = {
  accountsChanged: (accounts: string[]) => void
  chainChanged: (chainIdHex: string) => void
}

export type CreateTestWalletParameters = {
  /** The chains it can switch to (a devnet manifest's `chains` fit); the first is current. */
  chains: readonly TestWalletChain[]
  privateKey: Hex
  /** The chain it starts on; the first of `chains` by default. */
  chainId?: number
  /**
   * Answers EIP-5792 (`wallet_getCapabilities`, `wallet_sendCalls` as one EIP-7702 transaction
   * through the chain's Simple7702Account, `wallet_getCallsStatus`, `wallet_showCallsStatus`)
   * and EIP-7811 `wallet_getAssets`. Default false: a wallet without them, as most are, whose
   * node answers -32601.
   */
  eip5792?: boolean
  /** Called when the wallet changes chain, to relay the event to whoever holds the provider. */
  onEvent?: <E extends keyof TestWalletEvents>(
    event: E,
    ...args: Parameters<TestWalletEvents[E]>
  ) => void
}

/** Methods that a person confirms in a real wallet; the test decides their fate. */
const confirmMethods = new Set([
  'eth_requestAccounts',
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_sendCalls',
])

/** EIP-5792 methods (and EIP-7811's), answered only with `eip5792: true`. */
const eip5792Methods = new Set([
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getAssets',
])

type SendCallsRequest = {
  version?: string
  from?: string
  chainId?: string
  atomicRequired?: boolean
  calls?: { to?: Address; data?: Hex; value?: Hex }[]
}

type SendTransactionParams = {
  to?: Hex | null
  value?: Hex
  data?: Hex
  gas?: Hex
  nonce?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
}

/**
 * The EIP-1193 test wallet: a viem account that answers requests as a wallet would, signing and
 * sending itself and passing reads to the current chain's node. Each confirmable request is
 * approved unless the test queued `reject` (4001) or `fail` (-32603) for it, or `hold`s it.
 * The injected (e2e), WalletConnect (e2e) and core tests' wallets are this one.
 */
export function createTestWallet(parameters: CreateTestWalletParameters) {
  const { chains, onEvent } = parameters
  const account = privateKeyToAccount(parameters.privateKey)
  let chainId = parameters.chainId ?? chains[0]?.id ?? 31337
  let connected = false
  const queued: { method: string; decision: Decision }[] = []
  const holds: { method: string; released: Promise<void> }[] = []
  const log: { method: string; params: unknown; outcome: 'result' | 'error' }[] = []
  const batches = new Map<string, SentBatch>()
  /** Batch ids the page asked the wallet to show (`wallet_showCallsStatus`). */
  const shown: string[] = []

  function chainOf(id: number): TestWalletChain {
    const chain = chains.find((c) => c.id === id)
    if (!chain) throw rpcError(4902, `Unrecognized chain ID "${numberToHex(id)}".`)
    return chain
  }

  function viemChain(chain: TestWalletChain): Chain {
    return {
      id: chain.id,
      name: chain.name ?? `Chain ${chain.id}`,
      nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } },
    }
  }

  async function rpc(method: string, params: unknown, onChain = chainId): Promise<unknown> {
    const response = await fetch(chainOf(onChain).rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
    })
    const body = (await response.json()) as { result?: unknown; error?: WalletRpcError }
    if (body.error) throw rpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  function decide(method: string): Decision {
    const index = queued.findIndex((q) => q.method === method || q.method === '*')
    if (index === -1) return 'approve'
    const [entry] = queued.splice(index, 1)
    return entry?.decision ?? 'approve'
  }

  function walletClient(id: number) {
    const chain = viemChain(chainOf(id))
    return createWalletClient({ account, chain, transport: http(chain.rpcUrls.default.http[0]) })
  }

  function delegateOn(id: number): Address | undefined {
    const delegate = chains.find((c) => c.id === id)?.accountAbstraction?.simple7702Account
    return delegate && isAddress(delegate) ? delegate : undefined
  }

  function capabilitiesOn(id: number) {
    return {
      atomic: { status: delegateOn(id) ? 'supported' : 'unsupported' },
      assetDiscovery: { supported: true },
    }
  }

  /** One confirmation: atomic through the chain's delegate, else the calls one by one. */
  async function sendCalls(request: SendCallsRequest | undefined): Promise<{ id: string }> {
    const target = request?.chainId ? Number(request.chainId) : chainId
    chainOf(target)
    if (request?.from && request.from.toLowerCase() !== account.address.toLowerCase())
      throw rpcError(4100, 'The requested account has not been authorized by the user.')
    const calls = request?.calls ?? []
    if (calls.length === 0 || calls.length > 16)
      throw rpcError(-32602, 'wallet_sendCalls needs 1 to 16 calls.')
    if (calls.some((call) => !call.to || !isAddress(call.to)))
      throw rpcError(-32602, 'Every call needs a "to" address.')
    const delegate = delegateOn(target)
    if (!delegate && request?.atomicRequired) throw rpcError(5760, 'Atomicity not supported.')
    const client = walletClient(target)
    const parsed = calls.map((call) => ({
      to: call.to as Address,
      data: call.data,
      value: call.value ? BigInt(call.value) : 0n,
    }))
    const hashes: Hex[] = []
    if (delegate)
      hashes.push(
        await sendCallsAsDelegate({
          client,
          account,
          chain: viemChain(chainOf(target)),
          delegate,
          calls: parsed,
        }),
      )
    else
      for (const call of parsed)
        hashes.push(await client.sendTransaction({ ...call, account, chain: client.chain }))
    const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    batches.set(id, { id, chainId: target, hashes, atomic: delegate !== undefined })
    return { id }
  }

  function batchOf(id: unknown): SentBatch {
    const batch = typeof id === 'string' ? batches.get(id) : undefined
    if (!batch) throw rpcError(5730, 'Unknown bundle id.')
    return batch
  }

  async function sendTransaction(tx: SendTransactionParams): Promise<Hex> {
    const client = walletClient(chainId)
    const chain = client.chain
    const fees =
      tx.maxFeePerGas !== undefined
        ? {
            maxFeePerGas: BigInt(tx.maxFeePerGas),
            maxPriorityFeePerGas:
              tx.maxPriorityFeePerGas !== undefined ? BigInt(tx.maxPriorityFeePerGas) : undefined,
          }
        : tx.gasPrice !== undefined
          ? { gasPrice: BigInt(tx.gasPrice) }
          : {}
    const request = {
      to: tx.to ?? null,
      value: tx.value !== undefined ? BigInt(tx.value) : undefined,
      data: tx.data,
      gas: tx.gas !== undefined ? BigInt(tx.gas) : undefined,
      nonce: tx.nonce !== undefined ? Number(tx.nonce) : undefined,
      ...fees,
    } as TransactionRequest
    return client.sendTransaction({ ...request, account, chain })
  }

  async function handle(method: string, params: unknown[]): Promise<unknown> {
    const held = confirmMethods.has(method) ? holds.findIndex((h) => h.method === method) : -1
    if (held !== -1) await holds.splice(held, 1)[0]?.released
    const decision = confirmMethods.has(method) ? decide(method) : 'approve'
    if (decision === 'reject') throw rpcError(4001, 'User rejected the request.')
    if (decision === 'fail') throw rpcError(-32603, `The wallet failed to handle ${method}.`)
    switch (method) {
      case 'eth_requestAccounts':
        connected = true
        return [account.address]
      case 'eth_accounts':
        return connected ? [account.address] : []
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'wallet_switchEthereumChain': {
        const target = Number((params[0] as { chainId: string }).chainId)
        chainOf(target)
        if (target !== chainId) {
          chainId = target
          onEvent?.('chainChanged', numberToHex(target))
        }
        return null
      }
      case 'personal_sign':
        return account.signMessage({ message: { raw: params[0] as Hex } })
      case 'eth_signTypedData_v4': {
        const typed = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]
        return account.signTypedData(typed)
      }
      case 'eth_sendTransaction':
        return sendTransaction(params[0] as SendTransactionParams)
      default:
        if (parameters.eip5792 && eip5792Methods.has(method)) return eip5792(method, params)
        return rpc(method, params)
    }
  }

  async function eip5792(method: string, params: unknown[]): Promise<unknown> {
    switch (method) {
      case 'wallet_getCapabilities': {
        const [address, ids] = params as [unknown, unknown]
        if (typeof address !== 'string')
          throw rpcError(-32602, 'wallet_getCapabilities requires an address parameter.')
        if (address.toLowerCase() !== account.address.toLowerCase())
          throw rpcError(4100, 'The requested account has not been authorized by the user.')
        const asked = Array.isArray(ids) ? ids.map(Number) : chains.map((c) => c.id)
        return Object.fromEntries(
          asked
            .filter((id) => chains.some((c) => c.id === id))
            .map((id) => [numberToHex(id), capabilitiesOn(id)]),
        )
      }
      case 'wallet_sendCalls':
        return sendCalls(params[0] as SendCallsRequest | undefined)
      case 'wallet_getCallsStatus': {
        const batch = batchOf(params[0])
        return readCallsStatus({ batch, rpc: (m, p) => rpc(m, p, batch.chainId) })
      }
      case 'wallet_showCallsStatus':
        shown.push(batchOf(params[0]).id)
        return null
      default: {
        // wallet_getAssets (EIP-7811)
        const [request] = params as [{ account?: string; chainFilter?: string[] } | undefined]
        if (request?.account?.toLowerCase() !== account.address.toLowerCase())
          throw rpcError(4100, 'The requested account has not been authorized by the user.')
        const asked = (request.chainFilter ?? chains.map((c) => numberToHex(c.id)))
          .map(Number)
          .filter((id) => chains.some((c) => c.id === id))
        const entries = await Promise.all(
          asked.map(async (id) => {
            const chain = viemChain(chainOf(id))
            const assets = await readWalletAssets({
              address: account.address,
              nativeCurrency: chain.nativeCurrency,
              tokens: chainOf(id).tokens ?? [],
              rpc: (m, p) => rpc(m, p, id),
            })
            return [numberToHex(id), assets] as const
          }),
        )
        return Object.fromEntries(entries)
      }
    }
  }

  return {
    address: account.address,
    get chainId() {
      return chainId
    },
    /** Every request answered, in order, for assertions. */
    log,
    /** Batch ids the page asked to show (`wallet_showCallsStatus`), in order. */
    shown,
    /** The next request of `method` ('*' for any confirmable one) gets `decision`. */
    queue(method: string, decision: Decision) {
      queued.push({ method, decision })
    },
    /**
     * The next request of `method` waits, as a person reading the prompt would, until the
     * returned function is called; then it is approved or rejected as queued.
     */
    hold(method: string): () => void {
      let release = () => {}
      const released = new Promise<void>((done) => {
        release = done
      })
      holds.push({ method, released })
      return release
    },
    /** Moves the wallet to another chain on its own, as a person would in the wallet. */
    switchChain(id: number) {
      chainId = id
      onEvent?.('chainChanged', numberToHex(id))
    },
    /** EIP-1193 `request`: resolves with the result or rejects with an error carrying `code`. */
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      const list = Array.isArray(params) ? params : params === undefined ? [] : [params]
      try {
        const result = await handle(method, list)
        log.push({ method, params: list, outcome: 'result' })
        return result
      } catch (error) {
        log.push({ method, params: list, outcome: 'error' })
        throw error
      }
    },
  }
}

export type TestWallet = ReturnType<typeof createTestWallet>

function rpcError(code: number, message: string, data?: string): WalletRpcError & Error {
  return Object.assign(new Error(message), data === undefined ? { code } : { code, data })
}
