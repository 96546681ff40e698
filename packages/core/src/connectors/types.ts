import type { Eip1193Provider, Unsubscribe } from '../types.ts'

/**
 * How a wallet is reached (spec section 3, Connector type). ANNOUNCED: an EIP-6963 browser
 * wallet; WALLET_CONNECT: a phone wallet through the WalletConnect relay; AUTH: the embedded
 * wallet in the authentication frame (next issue).
 */
export type ConnectorType = 'ANNOUNCED' | 'WALLET_CONNECT' | 'AUTH'

/** Chain namespaces a connector serves; Solana connectors will add "solana". */
export type ChainNamespace = 'eip155' | 'solana'

export type ConnectorConnectParameters = {
  /** Preferred chain; a connector may ignore it when the wallet decides. */
  chainId?: number | undefined
  /** Restore an existing authorization without prompting; fails when there is none. */
  isReconnecting?: boolean | undefined
}

export type ConnectorConnectResult = {
  /** Addresses, the active one first (EIP-55 checksummed for eip155). */
  accounts: readonly string[]
  chainId: number
}

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
}

/** The events a connector reports. */
export type ConnectorEvents = {
  accountsChanged: readonly string[]
  chainChanged: number
  disconnect: Error | undefined
  displayUri: string
}
