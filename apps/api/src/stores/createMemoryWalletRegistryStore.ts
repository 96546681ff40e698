import type { WalletRegistryEntry } from '../registry/walletRegistryEntrySchema.ts'
import type { WalletRegistryStore } from './walletRegistryStore.ts'

/** A `WalletRegistryStore` over validated entries (from `loadWalletRegistry` at startup). */
export function createMemoryWalletRegistryStore(
  entries: readonly WalletRegistryEntry[],
): WalletRegistryStore {
  const sorted = [...entries].sort((a, b) => a.order - b.order || a.id.localeCompare(b.id))
  const byId = new Map(sorted.map((entry) => [entry.id, entry]))
  const byImageId = new Map(sorted.map((entry) => [entry.image_id, entry]))
  return {
    list: async () => sorted,
    get: async (id) => byId.get(id),
    getByImageId: async (imageId) => byImageId.get(imageId),
  }
}
