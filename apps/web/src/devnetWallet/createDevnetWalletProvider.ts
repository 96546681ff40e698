import {
  type LatchNetwork,
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
  hexToBigInt,
  hexToString,
  http,
  isAddress,
  isHex,
  numberToHex,
  type TypedDataDefinition,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { DevnetWalletRpcError } from './DevnetWalletRpcError.ts'

/** What the person is asked to confirm. */
export type DevnetWalletRequest =
  | { kind: 'connect'; address: Hex; origin: string }
  | { kind: 'signMessage'; address: Hex; message: string }
  | { kind: 'signTypedData'; address: Hex; primaryType: string; domain: string; json: string }
  | {
      kind: 'sendTransaction'
      address: Hex
      chainName: string
      to: Hex | undefined
      value: bigint
      symbol: string
      data: Hex | undefined
    }
  | {
      /** EIP-5792: the calls of a batch, run as one atomic transaction (EIP-7702). */
      kind: 'sendCalls'
      address: Hex
      chainName: string
      symbol: string
      calls: { to: Hex; value: bigint; data: Hex | undefined }[]
    }
  | {
      /** EIP-5792 `wallet_showCallsStatus`: the outcome of a batch, shown only. */
      kind: 'callsStatus'
      chainName: string
      id: string
      status: string
      transactions: Hex[]
    }

/** A devnet chain as the wallet knows it: its delegate for batches, the tokens it lists. */
export type DevnetWalletNetwork = LatchNetwork & {
  /** The chain's Simple7702Account (EIP-7702 delegate): `wallet_sendCalls` is atomic there. */
  simple7702Account?: Hex | undefined
  /** Tokens `wallet_getAssets` reads balances of. */
  tokens?: readonly WalletAssetToken[] | undefined
}

export type CreateDevnetWalletProviderParameters = {
  /** An anvil test key, never a real one. */
  privateKey: Hex
  /** The devnet networks this wallet may use; the first is the starting chain. */
  networks: readonly DevnetWalletNetwork[]
  /** Asks the person; resolves true to go ahead. */
  confirm(request: DevnetWalletRequest): Promise<boolean>
  /** The page origin shown in the connection request. */
  origin?: string | undefined
  /**
   * Tells the page's listeners of an EIP-1193 event (`connect`, `chainChanged`,
   * `accountsChanged`): the announced provider's (`createLazyDevnetWalletProvider`) keep them.
   */
  emit(event: string, ...args: unknown[]): void
}

export { DevnetWalletRpcError }

const rejected = () => new DevnetWalletRpcError(4001, 'User rejected the request.')
const unauthorized = () =>
  new DevnetWalletRpcError(
    4100,
    'The requested account and/or method has not been authorized by the user.',
  )

/**
 * Read methods a wallet passes to its node, as MetaMask does. Anything else the wallet does not
 * handle itself (`anvil_*`, `evm_*`, `hardhat_*`, `debug_*`, `eth_sign`...) is refused with 4200:
 * the page must not be able to rewrite balances or mine through the person's wallet.
 */
const readMethods = new Set([
  'eth_blobBaseFee',
  'eth_blockNumber',
  'eth_call',
  'eth_createAccessList',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getFilterChanges',
  'eth_getFilterLogs',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_newBlockFilter',
  'eth_newFilter',
  'eth_newPendingTransactionFilter',
  'eth_protocolVersion',
  'eth_sendRawTransaction',
  'eth_syncing',
  'eth_uninstallFilter',
  'web3_clientVersion',
])

/**
 * The Devnet Wallet's EIP-1193 `request`: a viem account over the devnet RPCs. Connecting,
 * signing and sending each wait for `confirm`; read methods go to the current chain's RPC;
 * events go to `emit`.
 */
export function createDevnetWalletProvider(parameters: CreateDevnetWalletProviderParameters) {
  const account = privateKeyToAccount(parameters.privateKey)
  const networks = parameters.networks
  const first = networks[0]
  if (!first) throw new Error('The Devnet Wallet needs at least one network.')
  let network: DevnetWalletNetwork = first
  let authorized = false
  const clients = new Map<number, WalletClient>()
  /** Batches sent (EIP-5792), by id; kept for the page's session only, at most 100. */
  const batches = new Map<string, SentBatch>()

  const emit = parameters.emit

  function client(on: DevnetWalletNetwork = network): WalletClient {
    let existing = clients.get(on.id)
    if (!existing) {
      const chain: Chain = {
        id: on.id,
        name: on.name,
        nativeCurrency: on.nativeCurrency,
        rpcUrls: { default: { http: [on.rpcUrl] } },
      }
      existing = createWalletClient({ account, chain, transport: http(on.rpcUrl) })
      clients.set(on.id, existing)
    }
    return existing
  }

  function networkOf(chainId: unknown): DevnetWalletNetwork {
    const found = networks.find(
      (n) => typeof chainId === 'string' && isHex(chainId) && n.id === Number(chainId),
    )
    if (!found)
      throw new DevnetWalletRpcError(
        5710,
        `Unsupported chain ID "${String(chainId).slice(0, 20)}".`,
      )
    return found
  }

  const rpcOn = (on: DevnetWalletNetwork) => (method: string, params: unknown[]) =>
    client(on).request({ method, params } as never) as Promise<unknown>

  function capabilitiesOn(on: DevnetWalletNetwork) {
    return {
      atomic: { status: on.simple7702Account ? 'supported' : 'unsupported' },
      assetDiscovery: { supported: true },
    }
  }

  function batchOf(id: unknown): SentBatch {
    const batch = typeof id === 'string' ? batches.get(id) : undefined
    if (!batch) throw new DevnetWalletRpcError(5730, 'Unknown bundle id.')
    return batch
  }

  /**
   * EIP-5792 `wallet_sendCalls`: one confirmation listing the calls, then ONE EIP-7702
   * transaction to the account itself through the chain's Simple7702Account (`executeBatch`:
   * all or nothing); without a delegate the calls go one after another, unless
   * `atomicRequired` (5760).
   */
  async function sendCalls(request: {
    from?: unknown
    chainId?: unknown
    atomicRequired?: unknown
    calls?: unknown
  }) {
    requireAccount(request?.from)
    const on = request?.chainId === undefined ? network : networkOf(request.chainId)
    const raw = Array.isArray(request?.calls) ? (request.calls as Record<string, unknown>[]) : []
    if (raw.length === 0 || raw.length > 16)
      throw new DevnetWalletRpcError(-32602, 'wallet_sendCalls needs 1 to 16 calls.')
    const calls = raw.map((call) => {
      if (typeof call?.to !== 'string' || !isAddress(call.to))
        throw new DevnetWalletRpcError(-32602, 'Every call needs a "to" address.')
      const value =
        typeof call.value === 'string' && isHex(call.value) ? hexToBigInt(call.value) : 0n
      const data = typeof call.data === 'string' && isHex(call.data) ? call.data : undefined
      return { to: call.to as Address, value, data }
    })
    const delegate = on.simple7702Account
    if (!delegate && request.atomicRequired === true)
      throw new DevnetWalletRpcError(5760, 'Atomicity not supported.')
    await ask({
      kind: 'sendCalls',
      address: account.address,
      chainName: on.name,
      symbol: on.nativeCurrency.symbol,
      calls,
    })
    const wallet = client(on)
    const hashes: Hex[] = []
    if (delegate)
      hashes.push(
        await sendCallsAsDelegate({
          client: wallet,
          account,
          chain: wallet.chain as Chain,
          delegate,
          calls,
        }),
      )
    else
      for (const call of calls)
        hashes.push(await wallet.sendTransaction({ ...call, account, chain: wallet.chain }))
    const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    if (batches.size >= 100) batches.delete(batches.keys().next().value as string)
    batches.set(id, { id, chainId: on.id, hashes, atomic: delegate !== undefined })
    return { id }
  }

  async function ask(request: DevnetWalletRequest) {
    if (!(await parameters.confirm(request))) throw rejected()
  }

  function requireAccount(from: unknown) {
    if (!authorized) throw unauthorized()
    if (typeof from === 'string' && from.toLowerCase() !== account.address.toLowerCase())
      throw unauthorized()
  }

  async function handle(method: string, params: readonly unknown[]): Promise<unknown> {
    switch (method) {
      case 'eth_requestAccounts':
        if (!authorized) {
          await ask({ kind: 'connect', address: account.address, origin: parameters.origin ?? '' })
          authorized = true
          emit('connect', { chainId: numberToHex(network.id) })
        }
        return [account.address]
      case 'eth_accounts':
        return authorized ? [account.address] : []
      case 'eth_chainId':
        return numberToHex(network.id)
      case 'net_version':
        return String(network.id)
      case 'wallet_switchEthereumChain': {
        const requested = (params[0] as { chainId?: unknown } | undefined)?.chainId
        const next = networks.find(
          (n) => typeof requested === 'string' && isHex(requested) && n.id === Number(requested),
        )
        if (!next)
          throw new DevnetWalletRpcError(4902, `Unrecognized chain ID "${String(requested)}".`)
        if (next.id !== network.id) {
          network = next
          emit('chainChanged', numberToHex(next.id))
        }
        return null
      }
      case 'wallet_revokePermissions':
        if (authorized) {
          authorized = false
          emit('accountsChanged', [])
        }
        return null
      case 'personal_sign': {
        const [data, from] = params as [Hex, Hex]
        requireAccount(from)
        const message = isHex(data) ? safeText(data) : String(data)
        await ask({ kind: 'signMessage', address: account.address, message })
        return account.signMessage({ message: isHex(data) ? { raw: data } : String(data) })
      }
      case 'eth_signTypedData_v4': {
        const [from, raw] = params as [Hex, unknown]
        requireAccount(from)
        const typed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as TypedDataDefinition & {
          types: Record<string, unknown>
        }
        const { EIP712Domain: _domainType, ...types } = typed.types
        const domain = (typed.domain ?? {}) as { name?: string }
        await ask({
          kind: 'signTypedData',
          address: account.address,
          primaryType: String(typed.primaryType),
          domain: domain.name ?? '',
          json: JSON.stringify(typed.message, null, 2),
        })
        return account.signTypedData({ ...typed, types } as TypedDataDefinition)
      }
      case 'eth_sendTransaction': {
        const [tx] = params as [
          { from?: Hex; to?: Hex; value?: Hex; data?: Hex; gas?: Hex; nonce?: Hex },
        ]
        requireAccount(tx?.from)
        const value = tx?.value ? hexToBigInt(tx.value) : 0n
        await ask({
          kind: 'sendTransaction',
          address: account.address,
          chainName: network.name,
          to: tx?.to,
          value,
          symbol: network.nativeCurrency.symbol,
          data: tx?.data,
        })
        return client().sendTransaction({
          account,
          chain: client().chain,
          to: tx?.to,
          value,
          data: tx?.data,
          ...(tx?.gas ? { gas: hexToBigInt(tx.gas) } : {}),
          ...(tx?.nonce ? { nonce: Number(tx.nonce) } : {}),
        })
      }
      case 'wallet_getCapabilities': {
        const [address, chainIds] = params as [unknown, unknown]
        if (typeof address !== 'string')
          throw new DevnetWalletRpcError(
            -32602,
            'wallet_getCapabilities requires an address parameter.',
          )
        requireAccount(address)
        const asked = Array.isArray(chainIds)
          ? networks.filter((n) => chainIds.some((id) => isHex(id) && Number(id) === n.id))
          : networks
        return Object.fromEntries(asked.map((n) => [numberToHex(n.id), capabilitiesOn(n)]))
      }
      case 'wallet_sendCalls':
        return sendCalls((params[0] ?? {}) as Record<string, unknown>)
      case 'wallet_getCallsStatus': {
        requireAccount(undefined)
        const batch = batchOf(params[0])
        const on = networks.find((n) => n.id === batch.chainId) ?? network
        return readCallsStatus({ batch, rpc: rpcOn(on) })
      }
      case 'wallet_showCallsStatus': {
        requireAccount(undefined)
        const batch = batchOf(params[0])
        const on = networks.find((n) => n.id === batch.chainId) ?? network
        const status = await readCallsStatus({ batch, rpc: rpcOn(on) })
        await parameters.confirm({
          kind: 'callsStatus',
          chainName: on.name,
          id: batch.id,
          status:
            status.status === 100
              ? 'Pending'
              : status.status === 200
                ? 'Confirmed'
                : status.status === 500
                  ? 'Reverted'
                  : 'Partly reverted',
          transactions: [...batch.hashes],
        })
        return null
      }
      case 'wallet_getAssets': {
        const [request] = params as [{ account?: unknown; chainFilter?: unknown } | undefined]
        if (typeof request?.account !== 'string') throw unauthorized()
        requireAccount(request.account)
        const filter = Array.isArray(request.chainFilter) ? request.chainFilter : undefined
        const asked = filter
          ? networks.filter((n) => filter.some((id) => isHex(id) && Number(id) === n.id))
          : networks
        const entries = await Promise.all(
          asked.map(async (n) => [
            numberToHex(n.id),
            await readWalletAssets({
              address: account.address,
              nativeCurrency: n.nativeCurrency,
              tokens: n.tokens ?? [],
              rpc: rpcOn(n),
            }),
          ]),
        )
        return Object.fromEntries(entries)
      }
      default:
        if (!readMethods.has(method))
          throw new DevnetWalletRpcError(
            4200,
            `The Devnet Wallet does not support "${method.slice(0, 64)}".`,
          )
        // Reads (eth_getBalance, eth_call, eth_blockNumber...) go to the current chain.
        return client().request({ method, params } as never)
    }
  }

  return {
    isDevnetWallet: true,
    async request(args: { method: string; params?: unknown }): Promise<unknown> {
      const params = Array.isArray(args.params) ? args.params : []
      try {
        return await handle(args.method, params)
      } catch (error) {
        if (error instanceof DevnetWalletRpcError) throw error
        const code = (error as { code?: unknown }).code
        const message =
          (error as { shortMessage?: unknown }).shortMessage ?? (error as Error).message
        throw new DevnetWalletRpcError(
          typeof code === 'number' ? code : -32603,
          String(message || 'Internal error.'),
        )
      }
    },
  }
}

export type DevnetWalletProvider = ReturnType<typeof createDevnetWalletProvider>

/** Shows a hex message as text when it is readable UTF-8, else as hex. */
function safeText(data: Hex): string {
  try {
    const text = hexToString(data)
    return /^[\P{C}\n\r\t]*$/u.test(text) ? text : data
  } catch {
    return data
  }
}
