import type { TokenBalance } from '@latch/api-contract'
import {
  type Address,
  erc20Abi,
  formatUnits,
  HttpRequestError,
  type PublicClient,
  TimeoutError,
  BaseError as ViemBaseError,
} from 'viem'
import { RpcUnavailableError } from '../errors/upstream.ts'
import { type ApiNetwork, type ApiToken, toCaip2 } from '../network.ts'

const zeroAddress = '0x0000000000000000000000000000000000000000'

export type GetBalancesParameters = {
  address: Address
  network: ApiNetwork
  /** Prices are known in USD only; for another currency, price is 0 and value is left out. */
  currency: 'usd' | 'eur'
}
export type GetBalancesReturnType = TokenBalance[]
export type GetBalancesErrorType = RpcUnavailableError

/**
 * Reads an account's balances on one chain: the native coin always, then every listed ERC-20
 * it holds (one multicall), skipping zero-decimal tokens as the spec requires.
 */
export async function getBalances(
  client: PublicClient,
  { address, network, currency }: GetBalancesParameters,
): Promise<GetBalancesReturnType> {
  const tokens = network.tokens.filter((token) => token.decimals > 0)
  const chainId = toCaip2(network.id)
  const [native, tokenResults] = await Promise.all([
    client.getBalance({ address }),
    tokens.length === 0
      ? []
      : client.multicall({
          contracts: tokens.map(
            (token) =>
              ({
                address: token.address,
                abi: erc20Abi,
                functionName: 'balanceOf',
                args: [address],
              }) as const,
          ),
          allowFailure: true,
          // Without a known Multicall3 address the calls run through a deployless multicall.
          multicallAddress: network.multicall3,
          deployless: !network.multicall3,
        }),
  ]).catch((error: unknown) => {
    if (error instanceof ViemBaseError)
      throw new RpcUnavailableError({ chainId: network.id, cause: error })
    throw error
  })

  const price = (priceUsd: number) => (currency === 'usd' ? priceUsd : 0)
  const entry = (
    asset: Pick<ApiToken, 'name' | 'symbol' | 'decimals' | 'priceUsd'> & { address: Address },
    amount: bigint,
  ): TokenBalance => {
    const numeric = formatUnits(amount, asset.decimals)
    return {
      name: asset.name,
      symbol: asset.symbol,
      chainId,
      address: `${chainId}:${asset.address}`,
      ...(currency === 'usd' ? { value: Number(numeric) * asset.priceUsd } : {}),
      price: price(asset.priceUsd),
      quantity: { decimals: String(asset.decimals), numeric },
      iconUrl: '',
    }
  }

  const balances = [
    entry(
      { ...network.nativeCurrency, address: zeroAddress, priceUsd: network.nativePriceUsd },
      native,
    ),
  ]
  tokenResults.forEach((result, index) => {
    const token = tokens[index]
    if (!token) return
    if (result.status === 'failure') {
      // A dead RPC fails every call; a token that is not a contract only fails its own.
      if (isTransportError(result.error))
        throw new RpcUnavailableError({ chainId: network.id, cause: result.error })
      return
    }
    if (result.result > 0n) balances.push(entry(token, result.result))
  })
  return balances
}

function isTransportError(error: unknown): boolean {
  if (!(error instanceof ViemBaseError)) return false
  return Boolean(
    error.walk((cause) => cause instanceof HttpRequestError || cause instanceof TimeoutError),
  )
}
