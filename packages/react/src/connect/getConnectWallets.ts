import {
  type ConnectorType,
  getRecommendedWallets,
  type LatchNamespace,
  maxRecentWallets,
  normalizeRdns,
  type RecentWallet,
  recommendedWalletsPageSize,
} from '@latch/core'
import type { WalletLinks } from './deepLink.ts'

/** A wallet reached through WalletConnect: a registry listing or a remembered one. */
export type WalletConnectTarget = RecentWallet

/** What picking a row does: connect that connector, or pair that wallet through WalletConnect. */
export type ConnectTarget =
  /** `wallet`: the registry wallet it is, when known (remembered among recent wallets). */
  | { type: 'connector'; connectorId: string; wallet?: WalletConnectTarget | undefined }
  | { type: 'walletConnect'; wallet: WalletConnectTarget }

/** One row of the Connect view's wallet list. */
export type ConnectWalletItem = {
  key: string
  name: string
  icon: string | undefined
  tag: 'recent' | 'installed' | 'qrCode' | undefined
  /** A wallet of several namespaces (or of Solana or Bitcoin): a small badge for each. */
  namespaces?: readonly LatchNamespace[] | undefined
  target: ConnectTarget
}

type ConnectorLike = {
  id: string
  name: string
  icon: string
  type: ConnectorType
  rdns?: string | undefined
}

type ListingLike = WalletLinks & {
  id: string
  name: string
  image_url: string
  rdns: string | null
}

export type GetConnectWalletsParameters = {
  /** Remembered wallets, newest first (at most 2 are shown). */
  recent: readonly RecentWallet[]
  /** Every connector: announced (EIP-6963) ones and WalletConnect. */
  connectors: readonly ConnectorLike[]
  /** Registry wallets in recommendation order (the first 4 not shown otherwise are shown). */
  recommended: readonly ListingLike[]
  /**
   * `options.features.collapseWallets`: only the WalletConnect entry (All Wallets is the
   * Connect view's other entry point). Without WalletConnect the list stays, so an installed
   * wallet is never out of reach.
   */
  collapse?: boolean | undefined
  /** Solana and Bitcoin wallets (`getNamespaceWallets`): listed after the installed ones. */
  namespaceWallets?:
    | {
        items: readonly ConnectWalletItem[]
        badges: ReadonlyMap<string, readonly LatchNamespace[]>
      }
    | undefined
}

/**
 * The Connect view's wallets, each once: recent (at most 2) → installed (EIP-6963) →
 * recommended (at most 4, skipping any already shown, matched by id or rdns) → WalletConnect.
 * A remembered wallet that is installed connects directly; otherwise through WalletConnect.
 */
export function getConnectWallets(parameters: GetConnectWalletsParameters): ConnectWalletItem[] {
  const injected = parameters.connectors.filter((connector) => connector.type === 'ANNOUNCED')
  const walletConnect = parameters.connectors.find(
    (connector) => connector.type === 'WALLET_CONNECT',
  )
  const items: ConnectWalletItem[] = []
  const shownIds = new Set<string>()
  const shownRdns = new Set<string>()
  const isShown = (wallet: { id: string; rdns?: string | null | undefined }) => {
    const rdns = normalizeRdns(wallet.rdns)
    return shownIds.has(wallet.id) || (rdns !== undefined && shownRdns.has(rdns))
  }
  const add = (item: ConnectWalletItem, ...wallets: { id: string; rdns?: string | null }[]) => {
    items.push(item)
    for (const wallet of wallets) {
      shownIds.add(wallet.id)
      const rdns = normalizeRdns(wallet.rdns)
      if (rdns) shownRdns.add(rdns)
    }
  }
  const sameRdns = (a: string | null | undefined, b: string | null | undefined) =>
    normalizeRdns(a) !== undefined && normalizeRdns(a) === normalizeRdns(b)
  const connectorItem = (
    connector: ConnectorLike,
    tag: ConnectWalletItem['tag'],
  ): ConnectWalletItem => {
    const namespaces = parameters.namespaceWallets?.badges.get(connector.id)
    return {
      key: `connector:${connector.id}`,
      name: connector.name,
      icon: connector.icon || undefined,
      tag,
      ...(namespaces ? { namespaces } : {}),
      target: { type: 'connector', connectorId: connector.id },
    }
  }

  let recentCount = 0
  for (const wallet of parameters.recent) {
    if (recentCount === maxRecentWallets) break
    if (isShown(wallet)) continue
    const installed = injected.find(
      (connector) => connector.id === wallet.id || sameRdns(connector.rdns, wallet.rdns),
    )
    if (installed) add(connectorItem(installed, 'recent'), wallet, installed)
    else if (walletConnect && wallet.id === walletConnect.id)
      add(connectorItem(walletConnect, 'recent'), wallet)
    else if (walletConnect && hasLinks(wallet))
      add(
        {
          key: `wallet:${wallet.id}`,
          name: wallet.name,
          icon: wallet.icon,
          tag: 'recent',
          target: { type: 'walletConnect', wallet },
        },
        wallet,
      )
    else continue // An extension no longer installed, with no other way to reach it.
    recentCount += 1
  }

  for (const connector of injected)
    if (!isShown(connector)) add(connectorItem(connector, 'installed'), connector)
  for (const wallet of parameters.namespaceWallets?.items ?? []) items.push(wallet)

  if (walletConnect) {
    const recommended = getRecommendedWallets(
      parameters.recommended,
      { injectedRdns: [...shownRdns], recentIds: [...shownIds] },
      recommendedWalletsPageSize,
    )
    for (const listing of recommended)
      add(
        {
          key: `wallet:${listing.id}`,
          name: listing.name,
          icon: listing.image_url,
          tag: undefined,
          target: { type: 'walletConnect', wallet: toWalletConnectTarget(listing) },
        },
        listing,
      )
    if (!isShown(walletConnect)) add(connectorItem(walletConnect, 'qrCode'), walletConnect)
  }
  if (parameters.collapse && walletConnect) return [connectorItem(walletConnect, 'qrCode')]
  return items
}

/** A registry listing as a WalletConnect target (its image as the icon). */
export function toWalletConnectTarget(listing: ListingLike): WalletConnectTarget {
  return {
    id: listing.id,
    name: listing.name,
    icon: listing.image_url,
    rdns: listing.rdns ?? undefined,
    mobile_link: listing.mobile_link ?? undefined,
    desktop_link: listing.desktop_link ?? undefined,
    webapp_link: listing.webapp_link ?? undefined,
  }
}

/**
 * Where picking a registry wallet leads: its installed extension (matched by rdns) when there
 * is one, else a WalletConnect pairing for it.
 */
export function getListingTarget(
  listing: ListingLike,
  connectors: readonly ConnectorLike[],
): ConnectTarget {
  const installed = connectors.find(
    (connector) =>
      connector.type === 'ANNOUNCED' &&
      normalizeRdns(connector.rdns) !== undefined &&
      normalizeRdns(connector.rdns) === normalizeRdns(listing.rdns),
  )
  return installed
    ? { type: 'connector', connectorId: installed.id, wallet: toWalletConnectTarget(listing) }
    : { type: 'walletConnect', wallet: toWalletConnectTarget(listing) }
}

const hasLinks = (wallet: WalletLinks) =>
  Boolean(wallet.mobile_link || wallet.desktop_link || wallet.webapp_link)
