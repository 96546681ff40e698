import type { Base64EncodedWireTransaction, SignatureBytes } from '@solana/kit'
import type { UniversalProvider } from '@walletconnect/universal-provider'
import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import {
  ConnectorAccountNotFoundError,
  ConnectorNotConnectedError,
  ProviderRequestError,
} from '../errors/connector.ts'
import { rpcTimeoutMs } from '../timings.ts'
import type { Unsubscribe } from '../types.ts'
import { createEmitter, type Emitter } from '../utils/createEmitter.ts'
import { parseChainId } from '../utils/parseChainId.ts'
import type {
  LatchBitcoinNetwork,
  LatchCaipNetwork,
  LatchNetwork,
  LatchSolanaNetwork,
} from '../webConfig/parseLatchWebConfig.ts'
import { loadNormalizedAccounts } from './loadNormalizedAccounts.ts'
import type { ConnectorEvents, NamespaceAccount, NamespaceConnector } from './types.ts'

/**
 * Methods the wallet is asked to approve. The universal provider sends an approved method to
 * the wallet and any other (eth_call, eth_getBalance, eth_blockNumber...) to the chain's
 * `rpcMap` entry over HTTP, so reads never wait on the phone.
 */
export const walletConnectMethods = [
  'eth_sendTransaction',
  'personal_sign',
  'eth_signTypedData_v4',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  // EIP-5792 batches and EIP-7811 assets: optional, as the whole namespace is; a wallet that
  // leaves them out answers without them (a swap then sends two transactions).
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_getAssets',
] as const
const events = ['chainChanged', 'accountsChanged']

/** The eip155 namespace Latch proposes: every configured chain, the preferred one first. */
export function getWalletConnectNamespace(
  networks: readonly LatchNetwork[],
  preferredChainId?: number | undefined,
) {
  const ordered = [
    ...networks.filter((network) => network.id === preferredChainId),
    ...networks.filter((network) => network.id !== preferredChainId),
  ]
  return {
    chains: ordered.map((network) => `eip155:${network.id}`),
    methods: [...walletConnectMethods],
    events,
    // Keyed by chain reference, as the universal provider looks RPC URLs up.
    rpcMap: Object.fromEntries(networks.map((network) => [String(network.id), network.rpcUrl])),
  }
}

/**
 * Every namespace Latch proposes, all optional: eip155 (`getWalletConnectNamespace`), and
 * `solana` and `bip122` (`getNamespaceProposals`) when the app has networks of them.
 */
export function getWalletConnectNamespaces(
  networks: readonly LatchCaipNetwork[],
  preferredChainId?: number | undefined,
) {
  return {
    eip155: getWalletConnectNamespace(
      networks.filter((network): network is LatchNetwork => 'id' in network),
      preferredChainId,
    ),
    ...getNamespaceProposals(networks),
  }
}

/** The Solana methods Latch asks a WalletConnect wallet to approve. */
export const walletConnectSolanaMethods = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const

/** The Bitcoin (bip122) methods Latch asks a WalletConnect wallet to approve. */
export const walletConnectBitcoinMethods = [
  'signMessage',
  'sendTransfer',
  'getAccountAddresses',
] as const

type Provider = InstanceType<typeof UniversalProvider>

/** The session holds EVM accounts (a Solana- or Bitcoin-only wallet's holds none). */
export const hasEvmAccounts = (provider: Provider) =>
  (provider.session?.namespaces.eip155?.accounts.length ?? 0) > 0

/**
 * Follows the universal provider for the EVM connector (`emitter`): the pairing URI, account
 * and chain changes, and the session's end (deleted by the wallet, or expired). Loaded with
 * the SDK, so none of it is in the page's first chunk.
 */
export function watchProvider(provider: Provider, emitter: Emitter<ConnectorEvents>): void {
  provider.on('display_uri', (uri: string) => emitter.emit('displayUri', uri))
  provider.on('accountsChanged', (accounts: unknown) => {
    void loadNormalizedAccounts(accounts).then((normalized) => {
      // A Solana or Bitcoin chain's event (its side follows it): not the EVM accounts.
      if (normalized.length === 0 && Array.isArray(accounts) && accounts.length > 0) return
      emitter.emit('accountsChanged', normalized)
    })
  })
  // The session's chainChanged event, or a switch through wallet_switchEthereumChain.
  provider.on('chainChanged', (chainId: unknown) => {
    const id = parseChainId(chainId)
    if (id !== undefined) emitter.emit('chainChanged', id)
  })
  // The wallet changed what it approves: its accounts may have changed.
  provider.on('session_update', () => {
    // None left (or a Solana- or Bitcoin-only session): no EVM connection.
    if (!hasEvmAccounts(provider)) return emitter.emit('accountsChanged', [])
    provider
      .request({ method: 'eth_accounts' })
      .then(loadNormalizedAccounts)
      .then((accounts) => emitter.emit('accountsChanged', accounts))
      .catch(() => {})
  })
  // The wallet ended the session: "session_delete", then "disconnect".
  provider.on('session_delete', () => emitter.emit('disconnect', undefined))
  provider.on('disconnect', () => emitter.emit('disconnect', undefined))
  // The sign client drops an expired session; the universal provider does not notice.
  provider.client.on('session_expire', ({ topic }) => {
    if (topic !== provider.session?.topic) return
    provider.session = undefined
    emitter.emit('disconnect', undefined)
  })
}

const solanaOf = (networks: readonly LatchCaipNetwork[]) =>
  networks.filter((n): n is LatchSolanaNetwork => n.namespace === 'solana')
const bitcoinOf = (networks: readonly LatchCaipNetwork[]) =>
  networks.filter((n): n is LatchBitcoinNetwork => n.namespace === 'bip122')

/**
 * The optional `solana` and `bip122` namespaces Latch proposes beside eip155, with their
 * methods, events and CAIP-2 chains, when the app has networks of them. A wallet may approve
 * any of them alone (a Solana-only or Bitcoin-only phone wallet).
 */
export function getNamespaceProposals(networks: readonly LatchCaipNetwork[]) {
  const solana = solanaOf(networks)
  const bitcoin = bitcoinOf(networks)
  return {
    ...(solana.length > 0 && {
      solana: {
        chains: solana.map((network) => network.caipNetworkId),
        methods: [...walletConnectSolanaMethods],
        events: ['accountsChanged'],
        // The API's Solana endpoint, so the SDK never falls back to a public RPC.
        rpcMap: Object.fromEntries(solana.map((network) => [network.reference, network.rpcUrl])),
      },
    }),
    ...(bitcoin.length > 0 && {
      bip122: {
        chains: bitcoin.map((network) => network.caipNetworkId),
        methods: [...walletConnectBitcoinMethods],
        events: ['accountsChanged', 'bip122_addressesChanged'],
      },
    }),
  }
}

type SideParameters = {
  icon: string
  /** The loaded universal provider (the SDK loads on connect or restore). */
  getProvider(): Promise<Provider>
  /** Ends the whole session: the wallet approved its namespaces together. */
  disconnect(): Promise<void>
  /** The session changed (`ended`: it is gone): its accounts may have changed. */
  onSessionChange(listener: (ended: boolean) => void): Unsubscribe
  /** A session event the wallet emitted (`accountsChanged`...) on a chain (CAIP-2). */
  onSessionEvent(listener: (event: SessionEvent) => void): Unsubscribe
}

type SessionEvent = { chainId: string; name: string; data: unknown }

/**
 * A session side per namespace the app has networks of (Solana, Bitcoin), following
 * `provider`'s session: updated by the wallet, deleted or expired on its side, or ended here
 * (`provider.disconnect()`, whoever calls it). Ending a side ends the session, so the EVM
 * connector reports `disconnect` through its `emitter`.
 */
export function walletConnectNamespaces(
  provider: Provider,
  emitter: Emitter<ConnectorEvents>,
  networks: readonly LatchCaipNetwork[],
  icon: string,
): NamespaceConnector[] {
  const session = createEmitter<{ changed: boolean; event: SessionEvent }>()
  const ended = () => session.emit('changed', true)
  provider.on('session_update', () => session.emit('changed', false))
  // The wallet's account events of a Solana or Bitcoin chain (the universal provider also
  // passes them to the EVM side as `accountsChanged`, which ignores addresses not its own).
  provider.on('session_event', (payload: unknown) => {
    const params = (payload as { params?: { chainId?: unknown; event?: unknown } })?.params
    const event = params?.event as { name?: unknown; data?: unknown } | undefined
    if (typeof params?.chainId !== 'string' || typeof event?.name !== 'string') return
    session.emit('event', { chainId: params.chainId, name: event.name, data: event.data })
  })
  provider.on('session_delete', ended)
  provider.on('disconnect', ended)
  provider.client.on('session_expire', ({ topic }) => {
    if (!provider.session || topic === provider.session.topic) ended()
  })
  // The universal provider says nothing when the page itself ends the session (either
  // side's disconnect, or a new pairing replacing it): every side ends with it, the EVM one
  // through its connector's `disconnect` event (the disconnect action has already stopped
  // following the namespaces it ends).
  const disconnectProvider = provider.disconnect.bind(provider)
  provider.disconnect = async () => {
    try {
      await disconnectProvider()
    } finally {
      ended()
      emitter.emit('disconnect', undefined)
    }
  }
  const side: SideParameters = {
    icon,
    getProvider: async () => provider,
    async disconnect() {
      const topic = provider.session?.topic
      try {
        if (topic) await provider.disconnect()
      } catch (error) {
        // The wallet was not told (relay down): forget the session here anyway.
        if (topic)
          await provider.client.session
            .delete(topic, { code: 6000, message: 'User disconnected.' })
            .catch(() => {})
        provider.session = undefined
        throw error
      }
    },
    onSessionChange: (listener) => session.on('changed', listener),
    onSessionEvent: (listener) => session.on('event', listener),
  }
  const solana = solanaOf(networks)
  const bitcoin = bitcoinOf(networks)
  return [
    ...(solana.length > 0
      ? [walletConnectNamespace({ ...side, namespace: 'solana', networks: solana })]
      : []),
    ...(bitcoin.length > 0
      ? [walletConnectNamespace({ ...side, namespace: 'bip122', networks: bitcoin })]
      : []),
  ]
}

/**
 * A WalletConnect session's side of `namespace`: its accounts are the session's CAIP-10
 * accounts of the app's networks of that namespace (or the ones the wallet's last
 * `accountsChanged` event named), and its requests go to the wallet through the sign client
 * (`request({ topic, chainId, request })`), never to a node. A Bitcoin side also asks the
 * wallet once per session for its addresses (`getAccountAddresses`, when approved), so the
 * ordinals address joins the payment one; the session's account stays the one shown.
 */
export function walletConnectNamespace(
  parameters: SideParameters & {
    namespace: 'solana' | 'bip122'
    networks: readonly (LatchSolanaNetwork | LatchBitcoinNetwork)[]
    /** How long a background request (the Bitcoin addresses) may take. Default 10 s. */
    timeoutMs?: number | undefined
  },
): NamespaceConnector {
  const { namespace } = parameters
  const caipNetworkIds = parameters.networks.map(
    (network) => network.caipNetworkId as CaipNetworkId,
  )
  /** The network the page uses, set on connect (the wallet's first approved one by default). */
  let active: CaipNetworkId | undefined
  /** Accounts by network the wallet announced since the session began (events, addresses). */
  let announced = new Map<CaipNetworkId, NamespaceAccount[]>()
  /** The session the announced accounts belong to. */
  let announcedTopic: string | undefined
  const changes = createEmitter<{ accounts: undefined }>()

  /** The approved accounts by network, of the app's networks only. */
  function readAccounts(provider: Provider): Map<CaipNetworkId, NamespaceAccount[]> {
    const session = provider.session
    if (session?.topic !== announcedTopic) {
      announced = new Map()
      announcedTopic = session?.topic
    }
    const approved = session?.namespaces[namespace]?.accounts ?? []
    const byNetwork = new Map<CaipNetworkId, NamespaceAccount[]>()
    for (const account of approved) {
      const [ns, reference, address] = account.split(':')
      const caipNetworkId = `${ns}:${reference}` as CaipNetworkId
      if (!address || !caipNetworkIds.includes(caipNetworkId)) continue
      const list = byNetwork.get(caipNetworkId) ?? []
      if (!list.some((entry) => entry.address === address))
        list.push({
          address,
          publicKey: '',
          ...(namespace === 'bip122' && { purpose: 'payment' as const }),
        })
      byNetwork.set(caipNetworkId, list)
    }
    for (const [caipNetworkId, accounts] of announced)
      if (byNetwork.has(caipNetworkId) && accounts.length > 0)
        byNetwork.set(caipNetworkId, accounts)
    return byNetwork
  }

  async function request<T>(method: string, params: unknown): Promise<T> {
    const provider = await parameters.getProvider()
    const session = provider.session
    if (!session || !active) throw new ConnectorNotConnectedError()
    if (!session.namespaces[namespace]?.methods.includes(method))
      throw new ProviderRequestError(`The wallet did not approve ${method}.`, {})
    return provider.client.request<T>({
      topic: session.topic,
      chainId: active,
      request: { method, params },
    })
  }

  /**
   * Bitcoin: the wallet's addresses for the connected account (payment first, then ordinals),
   * asked in the background; a wallet that does not answer in time keeps the session's one.
   */
  async function readBitcoinAddresses(provider: Provider, caipNetworkId: CaipNetworkId) {
    const session = provider.session
    const [account] = readAccounts(provider).get(caipNetworkId) ?? []
    if (!session || !account) return
    if (!session.namespaces.bip122?.methods.includes('getAccountAddresses')) return
    const timeoutMs = parameters.timeoutMs ?? rpcTimeoutMs
    let timer: ReturnType<typeof setTimeout> | undefined
    try {
      const answer = await Promise.race([
        provider.client.request<unknown>({
          topic: session.topic,
          chainId: caipNetworkId,
          request: {
            method: 'getAccountAddresses',
            params: { account: account.address, intentions: ['payment', 'ordinal'] },
          },
        }),
        new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('No answer.')), timeoutMs)
        }),
      ])
      if (provider.session?.topic !== session.topic) return
      announce(caipNetworkId, [account, ...toBitcoinAccounts(answer)])
    } catch {
      // The session's account is enough to show and sign with.
    } finally {
      clearTimeout(timer)
    }
  }

  /** Records what the wallet said its accounts are on `caipNetworkId`, and tells listeners. */
  function announce(caipNetworkId: CaipNetworkId, accounts: readonly NamespaceAccount[]) {
    const unique = accounts.filter(
      (entry, index) => accounts.findIndex((other) => other.address === entry.address) === index,
    )
    if (unique.length === 0) return
    announced.set(caipNetworkId, unique)
    changes.emit('accounts', undefined)
  }

  parameters.onSessionEvent(({ chainId, name, data }) => {
    const caipNetworkId = chainId as CaipNetworkId
    if (!caipNetworkIds.includes(caipNetworkId)) return
    if (name !== 'accountsChanged' && name !== 'bip122_addressesChanged') return
    const accounts =
      namespace === 'bip122'
        ? toBitcoinAccounts(data)
        : toAddresses(data, caipNetworkId).map((address) => ({ address, publicKey: '' }))
    if (namespace === 'bip122' && accounts[0]) accounts[0] = { ...accounts[0], purpose: 'payment' }
    announce(caipNetworkId, accounts)
  })

  return {
    id: 'walletConnect',
    name: 'WalletConnect',
    icon: parameters.icon,
    type: 'WALLET_CONNECT',
    chainNamespace: namespace,
    caipNetworkIds,
    async connect({ caipNetworkId, isReconnecting }) {
      const provider = await parameters.getProvider()
      const byNetwork = readAccounts(provider)
      // Restoring takes the network the wallet approved when it is not the preferred one;
      // a switch must land on an approved one.
      const fallback = isReconnecting ? [...byNetwork.keys()][0] : undefined
      const picked = byNetwork.has(caipNetworkId) ? caipNetworkId : fallback
      const accounts = picked ? byNetwork.get(picked) : undefined
      if (!picked || !accounts?.length) throw new ConnectorAccountNotFoundError('WalletConnect')
      active = picked
      if (namespace === 'bip122' && !announced.has(picked))
        void readBitcoinAddresses(provider, picked)
      return { accounts, caipNetworkId: picked }
    },
    disconnect: () => parameters.disconnect(),
    async isAuthorized() {
      return readAccounts(await parameters.getProvider()).size > 0
    },
    async signMessage({ address, message }) {
      if (namespace === 'solana') {
        const { getBase58Decoder } = await import('@solana/kit')
        const bytes = new TextEncoder().encode(message)
        const result = await request<{ signature?: unknown }>('solana_signMessage', {
          message: getBase58Decoder().decode(bytes),
          pubkey: address,
        })
        if (typeof result?.signature !== 'string' || !isSignature(result.signature))
          throw new ProviderRequestError('The wallet answered without a signature.', {})
        return { address, signature: result.signature }
      }
      const result = await request<{ address?: unknown; signature?: unknown }>('signMessage', {
        account: address,
        address,
        message,
        protocol: 'bip322',
      })
      const signature = toBase64Signature(result?.signature)
      if (!signature) throw new ProviderRequestError('The wallet answered without a signature.', {})
      return { address, signature }
    },
    ...(namespace === 'solana'
      ? {
          /**
           * `solana_signAndSendTransaction` when the wallet approved it; otherwise
           * `solana_signTransaction`, and the page sends what the wallet signed through the
           * network's RPC (the app's Solana endpoint).
           */
          async signAndSendTransaction({
            address,
            transaction,
          }: {
            address: string
            transaction: Uint8Array
          }) {
            const kit = await import('@solana/kit')
            const provider = await parameters.getProvider()
            const methods = provider.session?.namespaces.solana?.methods ?? []
            const encoded = kit.getBase64Decoder().decode(transaction)
            if (
              methods.includes('solana_signAndSendTransaction') ||
              !methods.includes('solana_signTransaction')
            ) {
              const result = await request<{ signature?: unknown }>(
                'solana_signAndSendTransaction',
                { transaction: encoded, sendOptions: { preflightCommitment: 'confirmed' } },
              )
              return toSignatureBytes(kit, result?.signature)
            }
            const result = await request<{ signature?: unknown; transaction?: unknown }>(
              'solana_signTransaction',
              { transaction: encoded },
            )
            const signature = toSignatureBytes(kit, result?.signature)
            const signed = kit
              .getTransactionDecoder()
              .decode(
                typeof result?.transaction === 'string'
                  ? kit.getBase64Encoder().encode(result.transaction)
                  : transaction,
              )
            const signatures = { ...signed.signatures, [kit.address(address)]: signature }
            const wire = kit.getTransactionEncoder().encode({ ...signed, signatures })
            const network = parameters.networks.find((entry) => entry.caipNetworkId === active)
            if (!network || !('rpcUrl' in network) || !network.rpcUrl)
              throw new ProviderRequestError('This Solana network has no RPC to send to.', {})
            await kit
              .createSolanaRpc(network.rpcUrl)
              .sendTransaction(
                kit.getBase64Decoder().decode(wire) as Base64EncodedWireTransaction,
                {
                  encoding: 'base64',
                  preflightCommitment: 'confirmed',
                },
              )
              .send()
            return signature
          },
        }
      : {}),
    onAccountsChanged(listener) {
      const read = () =>
        void parameters
          .getProvider()
          .then((provider) => {
            const byNetwork = readAccounts(provider)
            listener((active && byNetwork.get(active)) || [...byNetwork.values()][0] || [])
          })
          .catch(() => listener([]))
      const stops = [
        parameters.onSessionChange((ended) => (ended ? listener([]) : read())),
        changes.on('accounts', read),
      ]
      return () => {
        for (const stop of stops) stop()
      }
    },
  }
}

/** An ed25519 signature in base58 (64 bytes: 86 to 88 characters). */
const isSignature = (value: string) => /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)

/** A wallet's base58 transaction signature as its 64 bytes. */
function toSignatureBytes(kit: typeof import('@solana/kit'), value: unknown): SignatureBytes {
  const bytes =
    typeof value === 'string' && isSignature(value)
      ? kit.getBase58Encoder().encode(value)
      : undefined
  if (bytes?.length !== 64)
    throw new ProviderRequestError('The wallet answered without a transaction signature.', {})
  return new Uint8Array(bytes) as SignatureBytes
}

/**
 * A Bitcoin message signature as base64, the form the API reads: WalletConnect wallets answer
 * hex (as AppKit reads them), some base64. Undefined when it is neither.
 */
export function toBase64Signature(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length === 0) return undefined
  if (/^(?:[0-9a-fA-F]{2})+$/.test(value)) {
    const bytes = new Uint8Array(value.length / 2)
    for (let index = 0; index < bytes.length; index += 1)
      bytes[index] = Number.parseInt(value.slice(index * 2, index * 2 + 2), 16)
    return btoa(String.fromCharCode(...bytes))
  }
  return /^[A-Za-z0-9+/]+={0,2}$/.test(value) && value.length % 4 === 0 ? value : undefined
}

/** Addresses of an `accountsChanged` event: CAIP-10 of `caipNetworkId`, or bare addresses. */
function toAddresses(data: unknown, caipNetworkId: string): string[] {
  if (!Array.isArray(data)) return []
  return data
    .filter((entry): entry is string => typeof entry === 'string' && entry.length > 0)
    .map((entry) =>
      entry.startsWith(`${caipNetworkId}:`) ? entry.slice(caipNetworkId.length + 1) : entry,
    )
    .filter((entry) => !entry.includes(':') && entry.length <= 128)
}

/**
 * A Bitcoin wallet's addresses (`getAccountAddresses`, `bip122_addressesChanged`): objects
 * `{ address, publicKey?, intention? }` or bare addresses; 'ordinal' is the ordinals address.
 */
function toBitcoinAccounts(data: unknown): NamespaceAccount[] {
  if (!Array.isArray(data)) return []
  const accounts: NamespaceAccount[] = []
  for (const entry of data.slice(0, 20)) {
    const item = typeof entry === 'string' ? { address: entry } : (entry as Record<string, unknown>)
    const address = item?.address
    if (typeof address !== 'string' || !/^[A-Za-z0-9]{14,90}$/.test(address)) continue
    const publicKey =
      typeof item.publicKey === 'string' && /^[0-9a-fA-F]*$/.test(item.publicKey)
        ? item.publicKey
        : ''
    accounts.push({
      address,
      publicKey,
      purpose: item.intention === 'ordinal' ? 'ordinals' : 'payment',
    })
  }
  return accounts
}
