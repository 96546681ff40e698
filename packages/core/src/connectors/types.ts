import type { ChainNamespace } from '../caip/chainNamespaces.ts'
import type { CaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { Eip1193Provider, Unsubscribe } from '../types.ts'
import type { EmbeddedWalletApi } from './embeddedWalletTypes.ts'

export type { ChainNamespace } from '../caip/chainNamespaces.ts'

/**
 * How a wallet is reached (spec section 3, Connector type). ANNOUNCED: an EIP-6963 browser
 * wallet; WALLET_CONNECT: a phone wallet through the WalletConnect relay; AUTH: the embedded
 * wallet in the authentication frame (`embeddedWallet`); MULTI_CHAIN: one wallet offering
 * several namespaces (EIP-6963 and the Wallet Standard under one name, e.g. Phantom), listed
 * once with a connector per namespace (`MultiChainConnector`).
 */
export type ConnectorType = 'ANNOUNCED' | 'WALLET_CONNECT' | 'AUTH' | 'MULTI_CHAIN'

export type ConnectorConnectParameters = {
  /** Preferred chain; a connector may ignore it when the wallet decides. */
  chainId?: number | undefined
  /** Restore an existing authorization without prompting; fails when there is none. */
  isReconnecting?: boolean | undefined
  /**
   * Sign in while connecting, in one approval, where the wallet supports it (WalletConnect's
   * `wc_sessionAuthenticate`); other connectors, and wallets that cannot, just connect.
   */
  signIn?: ConnectorSignInRequest | undefined
}

/** The EIP-4361 fields a wallet signs in with while connecting (the wallet adds the rest). */
export type ConnectorSignInRequest = {
  /** The page's host. */
  domain: string
  /** The page's origin. */
  uri: string
  /** The API's one-time nonce. */
  nonce: string
  statement: string
  expirationTime: Date
}

export type ConnectorConnectResult = {
  /**
   * Addresses, the active one first (EIP-55 checksummed for eip155). WalletConnect: none when
   * the wallet approved only Solana or Bitcoin (`namespaceConnectors` hold its accounts).
   */
  accounts: readonly string[]
  chainId: number
  /** The wallet signed in while connecting: the EIP-4361 message it signed and its signature. */
  signIn?: ConnectorSignInResult | undefined
}

/** A sign-in a wallet gave while connecting, for the API's `POST /v1/sessions`. */
export type ConnectorSignInResult = { message: string; signature: `0x${string}` }

/**
 * One wallet behind one interface (STYLE: one connector interface per chain namespace). The
 * connect action owns status; a connector only talks to its wallet and reports events.
 */
export type Connector = {
  readonly id: string
  readonly name: string
  /** A data URI, or "" when the wallet gave none. */
  readonly icon: string
  readonly type: ConnectorType
  readonly chainNamespace: ChainNamespace
  /** EIP-6963 reverse-DNS id, for announced wallets. */
  readonly rdns?: string | undefined
  connect(parameters?: ConnectorConnectParameters): Promise<ConnectorConnectResult>
  disconnect(): Promise<void>
  getProvider(): Promise<Eip1193Provider>
  /** Whether the wallet would connect without prompting (used to restore a session). */
  isAuthorized(): Promise<boolean>
  onAccountsChanged(listener: (accounts: readonly string[]) => void): Unsubscribe
  onChainChanged(listener: (chainId: number) => void): Unsubscribe
  onDisconnect(listener: (error?: Error) => void): Unsubscribe
  /** WalletConnect only: the pairing URI a phone scans as a QR code. */
  onDisplayUri?(listener: (uri: string) => void): Unsubscribe
  /** WalletConnect only: the current session, once the SDK is loaded and a wallet approved. */
  getSession?(): WalletConnectSession | undefined
  /** AUTH only: the embedded wallet's email flow, email change and key export. */
  readonly embedded?: EmbeddedWalletApi | undefined
  /**
   * WalletConnect only: the session's Solana and Bitcoin sides (the networks the app has of
   * those namespaces), filled by the same approval as the EVM one.
   */
  readonly namespaceConnectors?: readonly NamespaceConnector[] | undefined
}

/** A WalletConnect session as the UI shows it (spec section 3, Wallet session). */
export type WalletConnectSession = {
  readonly topic: string
  /** Unix time in seconds. */
  readonly expiry: number
  /** What the wallet approved, per namespace. */
  readonly namespaces: Readonly<
    Record<
      string,
      {
        readonly chains?: readonly string[] | undefined
        readonly accounts: readonly string[]
        readonly methods: readonly string[]
        readonly events: readonly string[]
      }
    >
  >
  /** The wallet, as it introduced itself. */
  readonly peer: { readonly name: string; readonly icons: readonly string[]; readonly url: string }
  /**
   * What the wallet added to the session (spec section 3): `capabilities` (EIP-5792, a JSON
   * string keyed by address then chain id), `bundler_name`, `bundler_url`.
   */
  readonly sessionProperties?: Readonly<Record<string, string>> | undefined
}

/** The events a connector reports. */
export type ConnectorEvents = {
  accountsChanged: readonly string[]
  chainChanged: number
  disconnect: Error | undefined
  displayUri: string
}

/** An address a Solana or Bitcoin wallet connected, with what it is for (Bitcoin). */
export type NamespaceAccount = {
  readonly address: string
  /** Hex-encoded public key (empty when the wallet gave none). */
  readonly publicKey: string
  /** Bitcoin: 'payment' (BTC) or 'ordinals' (inscriptions); Solana accounts have none. */
  readonly purpose?: 'payment' | 'ordinals' | undefined
}

export type NamespaceConnectParameters = {
  /** The network to connect on; the wallet must list its chain. */
  caipNetworkId: CaipNetworkId
  /** Restore an existing authorization without prompting; fails when there is none. */
  isReconnecting?: boolean | undefined
}

export type NamespaceConnectResult = {
  /** Addresses, the active one first (Bitcoin: the payment address first). */
  readonly accounts: readonly NamespaceAccount[]
  readonly caipNetworkId: CaipNetworkId
}

/** A signed message: `signature` base58 (Solana, ed25519) or base64 (Bitcoin, BIP-322). */
export type NamespaceSignature = { readonly address: string; readonly signature: string }

/**
 * A Solana or Bitcoin wallet found through the Wallet Standard (one connector per
 * namespace), a WalletConnect session's side of that namespace (WALLET_CONNECT), or the
 * embedded wallet's Solana account (AUTH). The
 * connect action owns the state; this only talks to the wallet.
 */
export type NamespaceConnector = {
  readonly id: string
  readonly name: string
  readonly icon: string
  readonly type: 'ANNOUNCED' | 'WALLET_CONNECT' | 'AUTH'
  readonly chainNamespace: 'solana' | 'bip122'
  /** The app's networks of this namespace the wallet supports (CAIP-2). */
  readonly caipNetworkIds: readonly CaipNetworkId[]
  connect(parameters: NamespaceConnectParameters): Promise<NamespaceConnectResult>
  disconnect(): Promise<void>
  /** Whether the wallet already exposes an account to the page (restores without a prompt). */
  isAuthorized(): Promise<boolean>
  signMessage(parameters: { address: string; message: string }): Promise<NamespaceSignature>
  /**
   * Solana: the wallet signs a transaction (wire format, the fee payer's signature empty) and
   * sends it to its network (`solana:signAndSendTransaction`); answers the signature's 64 bytes.
   */
  signAndSendTransaction?(parameters: {
    address: string
    transaction: Uint8Array
  }): Promise<Uint8Array>
  /** The wallet's accounts changed (none: it disconnected the page). */
  onAccountsChanged(listener: (accounts: readonly NamespaceAccount[]) => void): Unsubscribe
}

/** Any single-namespace connector. */
export type AnyConnector = Connector | NamespaceConnector

/** One wallet shown once with a connector per namespace it covers (spec section 3). */
export type MultiChainConnector = {
  readonly id: string
  readonly name: string
  readonly icon: string
  readonly type: 'MULTI_CHAIN'
  readonly rdns?: string | undefined
  /** The namespaces it covers, in the app's order. */
  readonly chainNamespaces: readonly ('eip155' | 'solana' | 'bip122')[]
  readonly connectors: Readonly<{
    eip155?: Connector | undefined
    solana?: NamespaceConnector | undefined
    bip122?: NamespaceConnector | undefined
  }>
}
