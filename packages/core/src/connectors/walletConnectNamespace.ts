import type { UniversalProvider } from '@walletconnect/universal-provider'
import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import {
  ConnectorAccountNotFoundError,
  ConnectorNotConnectedError,
  ProviderRequestError,
} from '../errors/connector.ts'
import type { Unsubscribe } from '../types.ts'
import { createEmitter, type Emitter } from '../utils/createEmitter.ts'
import type {
  LatchBitcoinNetwork,
  LatchCaipNetwork,
  LatchNetwork,
  LatchSolanaNetwork,
} from '../webConfig/parseLatchWebConfig.ts'
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

const solanaOf = (networks: readonly LatchCaipNetwork[]) =>
  networks.filter((n): n is LatchSolanaNetwork => n.namespace === 'solana')
const bitcoinOf = (networks: readonly LatchCaipNetwork[]) =>
  networks.filter((n): n is LatchBitcoinNetwork => n.namespace === 'bip122')

/**
 * The optional `solana` and `bip122` namespaces Latch proposes beside eip155, with their
 * methods and CAIP-2 chains, when the app has networks of them. No events: the universal
 * provider reads every `accountsChanged` as an EVM one.
 */
export function getNamespaceProposals(networks: readonly LatchCaipNetwork[]) {
  const solana = solanaOf(networks)
  const bitcoin = bitcoinOf(networks)
  return {
    ...(solana.length > 0 && {
      solana: {
        chains: solana.map((network) => network.caipNetworkId),
        methods: [...walletConnectSolanaMethods],
        events: [] as string[],
        // The API's Solana endpoint, so the SDK never falls back to a public RPC.
        rpcMap: Object.fromEntries(solana.map((network) => [network.reference, network.rpcUrl])),
      },
    }),
    ...(bitcoin.length > 0 && {
      bip122: {
        chains: bitcoin.map((network) => network.caipNetworkId),
        methods: [...walletConnectBitcoinMethods],
        events: [] as string[],
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
}

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
  const session = createEmitter<{ changed: boolean }>()
  const ended = () => session.emit('changed', true)
  provider.on('session_update', () => session.emit('changed', false))
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
 * accounts of the app's networks of that namespace, and its requests go to the wallet
 * through the sign client (`request({ topic, chainId, request })`), never to a node.
 */
export function walletConnectNamespace(
  parameters: SideParameters & {
    namespace: 'solana' | 'bip122'
    networks: readonly (LatchSolanaNetwork | LatchBitcoinNetwork)[]
  },
): NamespaceConnector {
  const { namespace } = parameters
  const caipNetworkIds = parameters.networks.map(
    (network) => network.caipNetworkId as CaipNetworkId,
  )
  /** The network the page uses, set on connect (the wallet's first approved one by default). */
  let active: CaipNetworkId | undefined

  /** The approved accounts by network, of the app's networks only. */
  function readAccounts(provider: Provider): Map<CaipNetworkId, NamespaceAccount[]> {
    const approved = provider.session?.namespaces[namespace]?.accounts ?? []
    const byNetwork = new Map<CaipNetworkId, NamespaceAccount[]>()
    for (const account of approved) {
      const [ns, reference, address] = account.split(':')
      const caipNetworkId = `${ns}:${reference}` as CaipNetworkId
      if (!address || !caipNetworkIds.includes(caipNetworkId)) continue
      const list = byNetwork.get(caipNetworkId) ?? []
      if (!list.some((entry) => entry.address === address)) list.push({ address, publicKey: '' })
      byNetwork.set(caipNetworkId, list)
    }
    return byNetwork
  }

  async function request<T>(method: string, params: unknown): Promise<T> {
    const provider = await parameters.getProvider()
    const session = provider.session
    if (!session || !active) throw new ConnectorNotConnectedError()
    return provider.client.request<T>({
      topic: session.topic,
      chainId: active,
      request: { method, params },
    })
  }

  return {
    id: 'walletConnect',
    name: 'WalletConnect',
    icon: parameters.icon,
    type: 'WALLET_CONNECT',
    chainNamespace: namespace,
    caipNetworkIds,
    async connect({ caipNetworkId, isReconnecting }) {
      const byNetwork = readAccounts(await parameters.getProvider())
      // Restoring takes the network the wallet approved when it is not the preferred one;
      // a switch must land on an approved one.
      const fallback = isReconnecting ? [...byNetwork.keys()][0] : undefined
      const picked = byNetwork.has(caipNetworkId) ? caipNetworkId : fallback
      const accounts = picked ? byNetwork.get(picked) : undefined
      if (!picked || !accounts?.length) throw new ConnectorAccountNotFoundError('WalletConnect')
      active = picked
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
      if (typeof result?.signature !== 'string' || !/^[A-Za-z0-9+/]+={0,2}$/.test(result.signature))
        throw new ProviderRequestError('The wallet answered without a signature.', {})
      return { address, signature: result.signature }
    },
    ...(namespace === 'solana'
      ? {
          async signAndSendTransaction({ transaction }: { transaction: Uint8Array }) {
            const { getBase58Encoder, getBase64Decoder } = await import('@solana/kit')
            const result = await request<{ signature?: unknown }>('solana_signAndSendTransaction', {
              transaction: getBase64Decoder().decode(transaction),
              sendOptions: { preflightCommitment: 'confirmed' },
            })
            if (typeof result?.signature !== 'string' || !isSignature(result.signature))
              throw new ProviderRequestError(
                'The wallet answered without a transaction signature.',
                {},
              )
            return new Uint8Array(getBase58Encoder().encode(result.signature))
          },
        }
      : {}),
    onAccountsChanged(listener) {
      return parameters.onSessionChange((ended) => {
        if (ended) return listener([])
        void parameters
          .getProvider()
          .then((provider) => {
            const byNetwork = readAccounts(provider)
            listener((active && byNetwork.get(active)) || [...byNetwork.values()][0] || [])
          })
          .catch(() => listener([]))
      })
    },
  }
}

/** An ed25519 signature in base58 (64 bytes: 86 to 88 characters). */
const isSignature = (value: string) => /^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)
