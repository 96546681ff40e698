import type { NameStore } from '../../stores/nameStore.ts'
import type { NameResolver } from './nameResolver.ts'

/**
 * A `NameResolver` over the registered names (`POST /v1/profile/account`): an address's name
 * is the newest one it registered. Its avatar is that name's `avatar` attribute (checked when
 * it was signed), served from the API's origin: an image of the API as it is, any other https
 * URL through `GET /public/getNameAvatar/{name}` (the guarded fetcher), with `v` the time of
 * the last update in ms so a new avatar is not hidden by a cached one. Null without one.
 */
export function createNameResolver({
  names,
  apiOrigin,
}: {
  names: NameStore
  /** The API's public origin, for the avatar URL. */
  apiOrigin: string
}): NameResolver {
  return {
    async resolve({ address }) {
      const [newest] = await names.listByAddress(address, { limit: 1 })
      if (!newest) return null
      const avatar = newest.attributes.avatar
      if (!avatar) return { name: newest.name, avatar: null }
      if (new URL(avatar).origin === new URL(apiOrigin).origin) return { name: newest.name, avatar }
      const version = (newest.updatedAt ?? newest.createdAt).getTime()
      return {
        name: newest.name,
        avatar: `${apiOrigin}/public/getNameAvatar/${encodeURIComponent(newest.name)}?v=${version}`,
      }
    },
  }
}
