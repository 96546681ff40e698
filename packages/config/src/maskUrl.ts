export type MaskUrlParameters = {
  /** Also hide the path (an RPC URL's path often is the provider key, `.../v2/<key>`). */
  path?: boolean | undefined
}

/**
 * A URL with what may hold a secret replaced by `***`: the password, every query value, and
 * with `path` the path. Text that is not a URL is returned unchanged.
 */
export function maskUrl(value: string, parameters: MaskUrlParameters = {}): string {
  if (!URL.canParse(value)) return value
  const url = new URL(value)
  const hidesPath = parameters.path && url.pathname !== '/' && url.pathname !== ''
  // Nothing to hide: the text as written (URL.toString() would add a trailing slash).
  if (!url.password && !url.search && !hidesPath) return value
  if (url.password) url.password = '***'
  const query = [...url.searchParams.keys()]
  // Templates keep their {placeholders} readable; anything else may be a key.
  if (query.length > 0)
    url.search = query
      .map((key) => {
        const kept = url.searchParams.get(key) ?? ''
        return `${key}=${/^\{\w+\}$/.test(kept) ? kept : '***'}`
      })
      .join('&')
  if (hidesPath) url.pathname = '/***'
  return url.toString().replaceAll('%7B', '{').replaceAll('%7D', '}')
}
