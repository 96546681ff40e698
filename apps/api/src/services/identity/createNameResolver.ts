import type { NameStore } from '../../stores/nameStore.ts'
import type { NameResolver } from './nameResolver.ts'

/**
 * A `NameResolver` over the registered names (`POST /v1/profile/account`): an address's name
 * is the newest one it registered, its avatar that name's `avatar` attribute (an https URL
 * checked when it was signed) or null.
 */
export function createNameResolver({ names }: { names: NameStore }): NameResolver {
  return {
    async resolve({ address }) {
      const [newest] = await names.listByAddress(address, { limit: 1 })
      return newest ? { name: newest.name, avatar: newest.attributes.avatar ?? null } : null
    },
  }
}
