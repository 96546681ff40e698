import { ChainUnavailableError } from '../../errors/chainNamespace.ts'
import type { GuardedFetch } from '../fetch/createGuardedFetch.ts'
import type { BitcoinApiNetwork } from './bitcoinNetwork.ts'

/** One GET of the Esplora REST API (a path like `/address/{a}`): its JSON, or a 502. */
export type EsploraClient = <result>(path: string) => Promise<result>

export type CreateEsploraClientParameters = {
  network: Pick<BitcoinApiNetwork, 'esploraUrl' | 'caipNetworkId'>
  fetch: GuardedFetch
  /** Bound on one call (default 10 s). */
  timeoutMs?: number | undefined
  /** The largest answer read (default 4 MB). */
  maxBytes?: number | undefined
}

/**
 * A client of an Esplora-compatible REST API (Blockstream's, mempool.space's, the devnet's),
 * over the guarded fetcher. Paths are built by the callers from validated input only.
 */
export function createEsploraClient({
  network,
  fetch,
  timeoutMs = 10_000,
  maxBytes = 4 * 1024 * 1024,
}: CreateEsploraClientParameters): EsploraClient {
  const base = network.esploraUrl.replace(/\/+$/, '')
  return async <result>(path: string): Promise<result> => {
    try {
      const response = await fetch(`${base}${path}`, {
        accept: ['application/json'],
        timeoutMs,
        maxBytes,
      })
      if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`)
      return (await response.json()) as result
    } catch (cause) {
      throw new ChainUnavailableError({ chainId: network.caipNetworkId, cause })
    }
  }
}
