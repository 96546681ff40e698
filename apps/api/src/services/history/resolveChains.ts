import { ChainNotSupportedError, InvalidRequestError } from '../../errors/request.ts'
import type { ApiNetwork } from '../../network.ts'

/**
 * The networks a history or NFT request covers: the one its `chainId` (or its CAIP-10 account)
 * names, else every served network. An unserved chain, or two different chains, is a 400.
 */
export function resolveChains(
  networks: readonly ApiNetwork[],
  { chainId, accountChainId }: { chainId: number | undefined; accountChainId: number | undefined },
): ApiNetwork[] {
  if (chainId !== undefined && accountChainId !== undefined && chainId !== accountChainId)
    throw new InvalidRequestError({
      message: `chainId "eip155:${chainId}" does not match the account's chain "eip155:${accountChainId}".`,
    })
  const wanted = chainId ?? accountChainId
  if (wanted === undefined) return [...networks]
  const network = networks.find((candidate) => candidate.id === wanted)
  if (!network) throw new ChainNotSupportedError({ chainId: wanted })
  return [network]
}
