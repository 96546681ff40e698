import type { DevnetChain, DevnetManifest } from '@latch/api-contract'
import {
  type Chain,
  createWalletClient,
  type Hex,
  http,
  numberToHex,
  type TransactionRequest,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/** An EIP-1193 error as a wallet answers it (4001 user rejected, 4902 unknown chain...). */
export type WalletRpcError = { code: number; message: string; data?: string }

/**
 * What the wallet does with the next request of a method: approve it, reject it as the person
 * would (4001), or fail as a broken wallet would (-32603).
 */
export type Decision = 'approve' | 'reject' | 'fail'

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

export type WalletBackendEvents = {
  accountsChanged: (accounts: string[]) => void
  chainChanged: (chainIdHex: string) => void
}

/**
 * The Node side of a test wallet: a viem account that signs and sends against the devnet.
 * The injected and the WalletConnect test wallets both answer requests through it.
 */
export function createWalletBackend(options: {
  manifest: DevnetManifest
  privateKey: Hex
  chainId?: number
  onEvent?: <E extends keyof WalletBackendEvents>(
    event: E,
    ...args: Parameters<WalletBackendEvents[E]>
  ) => void
}) {
  const account = privateKeyToAccount(options.privateKey)
  const chains = options.manifest.chains
  let chainId = options.chainId ?? chains[0]?.id ?? 31337
  let connected = false
  const queued: { method: string; decision: Decision }[] = []
  const holds: { method: string; released: Promise<void> }[] = []
  const log: { method: string; params: unknown; outcome: 'result' | 'error' }[] = []

  function chainOf(id: number): DevnetChain {
    const chain = chains.find((c) => c.id === id)
    if (!chain) throw rpcError(4902, `Unrecognized chain ID "${numberToHex(id)}".`)
    return chain
  }

  function viemChain(chain: DevnetChain): Chain {
    return {
      id: chain.id,
      name: chain.name,
      nativeCurrency: chain.nativeCurrency,
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
    if (body.error) throw rpcError(body.error.code, body.error.message)
    return body.result
  }

  function decide(method: string): Decision {
    const index = queued.findIndex((q) => q.method === method || q.method === '*')
    if (index === -1) return 'approve'
    const [entry] = queued.splice(index, 1)
    return entry?.decision ?? 'approve'
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
          options.onEvent?.('chainChanged', numberToHex(target))
        }
        return null
      }
      case 'personal_sign':
        return account.signMessage({ message: { raw: params[0] as Hex } })
      case 'eth_signTypedData_v4': {
        const typed = typeof params[1] === 'string' ? JSON.parse(params[1]) : params[1]
        return account.signTypedData(typed)
      }
      case 'eth_sendTransaction': {
        const tx = params[0] as { to?: Hex; value?: Hex; data?: Hex; gas?: Hex }
        const client = createWalletClient({
          account,
          chain: viemChain(chainOf(chainId)),
          transport: http(chainOf(chainId).rpcUrl),
        })
        const request: TransactionRequest = {
          to: tx.to ?? null,
          value: tx.value ? BigInt(tx.value) : undefined,
          data: tx.data,
          gas: tx.gas ? BigInt(tx.gas) : undefined,
        }
        return client.sendTransaction({ ...request, account, chain: viemChain(chainOf(chainId)) })
      }
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
      options.onEvent?.('chainChanged', numberToHex(id))
    },
    async request(method: string, params: unknown[] = []): Promise<unknown> {
      try {
        const result = await handle(method, params)
        log.push({ method, params, outcome: 'result' })
        return result
      } catch (error) {
        log.push({ method, params, outcome: 'error' })
        throw error
      }
    },
  }
}

export type WalletBackend = ReturnType<typeof createWalletBackend>

function rpcError(code: number, message: string): WalletRpcError & Error {
  return Object.assign(new Error(message), { code })
}

/** Turns anything thrown while answering into the EIP-1193 error a page receives. */
export function toWalletRpcError(error: unknown): WalletRpcError {
  if (error instanceof Error && 'code' in error && typeof error.code === 'number')
    return { code: error.code, message: error.message }
  return { code: -32603, message: error instanceof Error ? error.message : String(error) }
}
