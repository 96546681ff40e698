import type { WalletBadgeType } from '@latch/api-contract'
import type { WalletRegistryEntry } from '../registry/walletRegistryEntrySchema.ts'
import type { WalletRegistryStore } from '../stores/walletRegistryStore.ts'

export type ListWalletsParameters = {
  /** 1-based page number. */
  page: number
  /** Page size. */
  entries: number
  /** Only these wallet ids. */
  include?: readonly string[] | undefined
  /** Never these wallet ids. */
  exclude?: readonly string[] | undefined
  /** Case-insensitive match on the name or the id. */
  search?: string | undefined
  badgeType?: WalletBadgeType | undefined
  /** CAIP-2 ids: wallets that support any of them. */
  chains?: readonly string[] | undefined
}

export type ListWalletsReturnType = {
  /** Wallets matching the filters, across every page. */
  count: number
  /** The requested page, in `order`. */
  wallets: readonly WalletRegistryEntry[]
}

/** Filters the registry (all filters combine), keeps its `order` and cuts out one page. */
export async function listWallets(
  registry: WalletRegistryStore,
  parameters: ListWalletsParameters,
): Promise<ListWalletsReturnType> {
  const include = parameters.include ? new Set(parameters.include) : undefined
  const exclude = new Set(parameters.exclude)
  const chains = parameters.chains ? new Set(parameters.chains) : undefined
  const matchesSearch = parameters.search ? createSearch(parameters.search) : undefined

  const matching = (await registry.list()).filter(
    (wallet) =>
      (!include || include.has(wallet.id)) &&
      !exclude.has(wallet.id) &&
      (!parameters.badgeType || wallet.badge_type === parameters.badgeType) &&
      (!chains || wallet.chains.some((chain) => chains.has(chain))) &&
      (!matchesSearch || matchesSearch(wallet)),
  )
  const start = (parameters.page - 1) * parameters.entries
  return { count: matching.length, wallets: matching.slice(start, start + parameters.entries) }
}

/**
 * Matches the search in the name or id, ignoring case and punctuation so "ledger live",
 * "ledger-live" and "LedgerLive" all find Ledger Live.
 */
function createSearch(search: string): (wallet: WalletRegistryEntry) => boolean {
  const needle = compact(search)
  // A search of punctuation only ("."): compare as typed.
  if (!needle) {
    const raw = search.toLowerCase()
    return (wallet) => wallet.name.toLowerCase().includes(raw) || wallet.id.includes(raw)
  }
  return (wallet) => compact(wallet.name).includes(needle) || compact(wallet.id).includes(needle)
}

function compact(value: string): string {
  return value.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '')
}
