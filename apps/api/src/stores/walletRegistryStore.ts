import type { WalletRegistryEntry } from '../registry/walletRegistryEntrySchema.ts'

/**
 * Where wallet registry entries are read. Async so a database-backed registry can replace
 * the file-backed one without touching its callers.
 */
export type WalletRegistryStore = {
  /** Every wallet, sorted by `order`. */
  list(): Promise<readonly WalletRegistryEntry[]>
  get(id: string): Promise<WalletRegistryEntry | undefined>
  getByImageId(imageId: string): Promise<WalletRegistryEntry | undefined>
}
