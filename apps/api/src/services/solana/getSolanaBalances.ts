import type { TokenBalance } from '@latch/api-contract'
import type { CacheStore } from '../../stores/cacheStore.ts'
import { toNamespaceBalance } from '../chains/toNamespaceBalance.ts'
import { balancesCacheTtlMs } from '../getBalances.ts'
import type { SolanaRpcClient } from './createSolanaRpcClient.ts'
import type { SolanaApiNetwork } from './solanaNetwork.ts'

/** The SPL Token program: the token accounts of the configured mints live under it. */
export const splTokenProgramId = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'

type TokenAccountsAnswer = {
  value: {
    account: {
      data: { parsed?: { info?: { mint?: string; tokenAmount?: { amount?: string } } } }
    }
  }[]
}

/** What the cache keeps per account and chain: amounts as decimal strings. */
type CachedHoldings = { native: string; tokens: [string, string][] }

export type GetSolanaBalancesParameters = {
  address: string
  network: SolanaApiNetwork
  currency: string
  forceUpdate?: boolean | undefined
  /** The absolute URL of a token's image, by symbol. */
  iconUrl: (symbol: string) => string
}

/**
 * An account's SOL and SPL balances on a Solana network: `getBalance` and one
 * `getTokenAccountsByOwner` (jsonParsed, the SPL Token program), summed per mint; only the
 * configured mints with a non-zero balance are listed. Cached 30 s like the EVM balances.
 */
export async function getSolanaBalances(
  { rpc, cache }: { rpc: SolanaRpcClient; cache: CacheStore },
  { address, network, currency, forceUpdate = false, iconUrl }: GetSolanaBalancesParameters,
): Promise<TokenBalance[]> {
  const key = `balances:v1:${network.caipNetworkId}:${address}`
  let holdings = forceUpdate ? undefined : await cache.get<CachedHoldings>(key)
  if (!holdings) {
    const [lamports, accounts] = await Promise.all([
      rpc<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }]),
      rpc<TokenAccountsAnswer>('getTokenAccountsByOwner', [
        address,
        { programId: splTokenProgramId },
        { encoding: 'jsonParsed', commitment: 'confirmed' },
      ]),
    ])
    const perMint = new Map<string, bigint>()
    for (const { account } of accounts.value) {
      const info = account.data.parsed?.info
      if (!info?.mint || !/^\d{1,30}$/.test(info.tokenAmount?.amount ?? '')) continue
      perMint.set(info.mint, (perMint.get(info.mint) ?? 0n) + BigInt(info.tokenAmount?.amount ?? 0))
    }
    holdings = {
      native: BigInt(lamports.value).toString(),
      tokens: [...perMint].map(([mint, amount]) => [mint, amount.toString()]),
    }
    await cache.set(key, holdings, balancesCacheTtlMs)
  }
  const held = new Map(holdings.tokens.map(([mint, amount]) => [mint, BigInt(amount)]))
  const chainId = network.caipNetworkId
  return [
    toNamespaceBalance({
      chainId,
      ...network.nativeCurrency,
      amount: BigInt(holdings.native),
      priceUsd: network.nativePriceUsd,
      currency,
      iconUrl: iconUrl(network.nativeCurrency.symbol),
    }),
    ...network.tokens.flatMap((token) => {
      const amount = held.get(token.mint)
      if (!amount) return []
      return [
        toNamespaceBalance({
          chainId,
          name: token.name,
          symbol: token.symbol,
          decimals: token.decimals,
          amount,
          tokenAddress: token.mint,
          priceUsd: token.priceUsd,
          currency,
          iconUrl: iconUrl(token.symbol),
        }),
      ]
    }),
  ]
}
