import {
  type Chain,
  createWalletClient,
  type Hex,
  http,
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
])

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

  async function rpc(method: string, params: unknown): Promise<unknown> {
    const response = await fetch(chainOf(chainId).rpcUrl, {
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

  async function sendTransaction(tx: SendTransactionParams): Promise<Hex> {
    const chain = viemChain(chainOf(chainId))
    const client = createWalletClient({
      account,
      chain,
      transport: http(chain.rpcUrls.default.http[0]),
    })
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
        return rpc(method, params)
    }
  }

  return {
    address: account.address,
    get chainId() {
      return chainId
    },
    /** Every request answered, in order, for assertions. */
    log,
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
