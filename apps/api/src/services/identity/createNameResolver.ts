import type { NameStore } from '../../stores/nameStore.ts'
import type { NameResolver } from './nameResolver.ts'

/**
 * A `NameResolver` over the registered names (`POST /v1/profile/account`): an address's name
 * is the newest one it registered; no avatars yet.
 */
export function createNameResolver({ names }: { names: NameStore }): NameResolver {
  return {
    async resolve({ address }) {
      const [newest] = await names.listByAddress(address, { limit: 1 })
      return newest ? { name: newest.name, avatar: null } : null
    },
  }
}
