import { maskUrl } from './maskUrl.ts'

/**
 * A setting's raw text, safe to print: `*_SECRET` and `*_KEY` values hidden whole, database
 * URLs without their password, RPC URLs in LATCH_NETWORKS without their path and query, and
 * every other URL without its query values.
 */
export function maskSetting(name: string, value: string): string {
  if (/_(SECRET|KEY|PASSWORD|TOKEN)$/.test(name)) return value ? '***' : value
  if (name === 'LATCH_NETWORKS') return maskNetworks(value)
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(value.trim())) return maskUrl(value.trim())
  return value
}

function maskNetworks(value: string): string {
  let networks: unknown
  try {
    networks = JSON.parse(value)
  } catch {
    // Unparsable: it may still hold a key, so show none of it.
    return '*** (not valid JSON)'
  }
  if (!Array.isArray(networks)) return '***'
  return JSON.stringify(
    networks.map((network: unknown) => {
      if (typeof network !== 'object' || network === null) return network
      const masked: Record<string, unknown> = { ...network }
      for (const key of ['rpcUrl', 'publicRpcUrl', 'wsUrl', 'esploraUrl'])
        if (typeof masked[key] === 'string')
          masked[key] = maskUrl(masked[key] as string, { path: true })
      // Bundler and paymaster URLs hold provider keys as RPC URLs do.
      if (typeof masked.accountAbstraction === 'object' && masked.accountAbstraction !== null)
        masked.accountAbstraction = maskAccountAbstraction(masked.accountAbstraction)
      return masked
    }),
  )
}

function maskAccountAbstraction(value: object): Record<string, unknown> {
  const masked: Record<string, unknown> = { ...value }
  if (typeof masked.paymasterUrl === 'string')
    masked.paymasterUrl = maskUrl(masked.paymasterUrl, { path: true })
  if (Array.isArray(masked.bundlers))
    masked.bundlers = masked.bundlers.map((bundler: unknown) =>
      typeof bundler === 'object' &&
      bundler !== null &&
      'url' in bundler &&
      typeof bundler.url === 'string'
        ? { ...bundler, url: maskUrl(bundler.url, { path: true }) }
        : bundler,
    )
  return masked
}
