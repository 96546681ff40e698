import { supportedChainsResponseSchema } from '@latch/api-contract'
import type { Hex } from 'viem'
import type { NetworkInfo } from './frameContext.ts'

/**
 * The names, currencies and smart-account contracts of the API's networks
 * (`GET /v1/supported-chains`), fetched once for the confirmations and the account types. If
 * the API does not answer, a network is named by its id and has no smart accounts (asked
 * again next time).
 */
export function createNetworkDirectory({
  apiUrl,
  projectId,
  fetchFn = (input, init) => fetch(input, init),
}: {
  apiUrl: string
  projectId: string
  fetchFn?: typeof fetch | undefined
}): (chainId: number) => Promise<NetworkInfo> {
  let loaded: Promise<Map<number, NetworkInfo>> | undefined
  const load = async () => {
    const url = new URL('/v1/supported-chains', apiUrl)
    url.searchParams.set('projectId', projectId)
    const response = await fetchFn(url, {
      signal: AbortSignal.timeout(10_000),
      credentials: 'omit',
    })
    const parsed = supportedChainsResponseSchema.safeParse(await response.json())
    if (!parsed.success) throw new Error('Unexpected supported-chains answer.')
    return new Map(
      parsed.data.networks.map((network) => [
        network.id,
        {
          name: network.name,
          symbol: network.nativeCurrency.symbol,
          decimals: network.nativeCurrency.decimals,
          ...(network.smartAccounts
            ? {
                smartAccounts: {
                  entryPoint: network.smartAccounts.entryPoint as Hex,
                  simpleAccountFactory: network.smartAccounts.simpleAccountFactory as Hex,
                  paymaster: network.smartAccounts.paymaster,
                },
              }
            : {}),
        },
      ]),
    )
  }
  return async (chainId) => {
    loaded ??= load().catch(() => {
      loaded = undefined
      return new Map()
    })
    return (
      (await loaded).get(chainId) ?? { name: `Network ${chainId}`, symbol: 'ETH', decimals: 18 }
    )
  }
}
