import {
  balanceResponseSchema,
  isNativeCoinAddress,
  nativeCoinAddress,
  type TokenBalance,
} from '@latch/api-contract'
import { formatUnits, parseUnits } from 'viem'
import { type CaipNetworkId, toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { BalanceUnavailableError } from '../errors/balance.ts'
import { ChainNotConfiguredError } from '../errors/connector.ts'
import type { FiatCurrency } from '../options/createLatchOptions.ts'
import { requestApi, resolveApiImageUrl } from '../utils/requestApi.ts'
import type { LatchCaipNetwork } from '../webConfig/parseLatchWebConfig.ts'

export type GetTokenBalancesParameters = {
  address: string
  /** An EVM network's chain id (or give `caipNetworkId`). */
  chainId?: number | undefined
  /** The network as CAIP-2, of any namespace (eip155, solana, bip122); wins over `chainId`. */
  caipNetworkId?: CaipNetworkId | undefined
  /**
   * Bitcoin: the addresses whose balances add up (payment and ordinals). Default: the connected
   * Bitcoin wallet's addresses when `address` is one of them, else `address` alone.
   */
  addresses?: readonly string[] | undefined
  /** Fiat currency of `price`, `value` and `total`; default the person's (`options.currency`). */
  currency?: FiatCurrency | undefined
  /** Read the chain now rather than the API's 30 s cache (after a transfer), and refresh it. */
  forceUpdate?: boolean | undefined
  /** Aborts the request (TanStack Query passes one). */
  signal?: unknown
}

export type GetTokenBalancesReturnType = {
  /** Every balance on the chain, native coin included, highest value first. */
  tokens: TokenBalance[]
  /** The chain's native coin (zero when the API has no entry for it). */
  native: TokenBalance
  /** The sum of the values the API knows; undefined when it knows none (no price). */
  total: number | undefined
  currency: FiatCurrency
  /** Bitcoin: each address's native coin (payment, ordinals) that the total adds up. */
  byAddress?: readonly BalanceOfAddress[] | undefined
}

/** One Bitcoin address's share of the balance. */
export type BalanceOfAddress = {
  address: string
  /** 'payment' or 'ordinals' as the wallet named it; undefined when it named none. */
  purpose?: 'payment' | 'ordinals' | undefined
  /** Whole coins ("0.5"). */
  numeric: string
}

export type GetTokenBalancesErrorType = BalanceUnavailableError | ChainNotConfiguredError

/**
 * The native coin has no token address, `0xeeee...eeee` (the API's, as the reference client
 * spells it) or the zero address (an older API), possibly as CAIP-10.
 */
export function isNativeBalance(balance: Pick<TokenBalance, 'address'>): boolean {
  return isNativeCoinAddress(balance.address)
}

/** Highest fiat value first; balances without a value after, by symbol. */
export function compareTokenBalances(a: TokenBalance, b: TokenBalance): number {
  const byValue = (b.value ?? -1) - (a.value ?? -1)
  return byValue !== 0 ? byValue : a.symbol.localeCompare(b.symbol)
}

/** The configured network the balances are read on: by CAIP-2 id, else by EVM chain id. */
export function findBalanceNetwork(
  config: LatchConfig,
  parameters: Pick<GetTokenBalancesParameters, 'chainId' | 'caipNetworkId'>,
): LatchCaipNetwork {
  const { caipNetworkId, chainId } = parameters
  const network = caipNetworkId
    ? config.caipNetworks.find((n) => n.caipNetworkId === caipNetworkId)
    : config.caipNetworks.find(
        (n) => (n.namespace ?? 'eip155') === 'eip155' && 'id' in n && n.id === chainId,
      )
  if (!network) throw new ChainNotConfiguredError(caipNetworkId ?? chainId ?? '')
  return network
}

/** The Bitcoin addresses whose balances add up, each with its purpose when known. */
function bitcoinAddresses(
  config: LatchConfig,
  parameters: GetTokenBalancesParameters,
): { address: string; purpose?: 'payment' | 'ordinals' | undefined }[] {
  if (parameters.addresses && parameters.addresses.length > 0)
    return [...new Set(parameters.addresses)].map((address) => ({ address }))
  const accounts = config.getState().namespaces.bip122?.accounts ?? []
  if (accounts.some((account) => account.address === parameters.address)) {
    const seen = new Set<string>()
    return accounts.flatMap((account) => {
      if (seen.has(account.address)) return []
      seen.add(account.address)
      return [{ address: account.address, purpose: account.purpose }]
    })
  }
  return [{ address: parameters.address }]
}

/** Adds up the same tokens of several addresses (amounts exactly, in the smallest unit). */
function sumBalances(lists: readonly TokenBalance[][]): TokenBalance[] {
  const byToken = new Map<string, TokenBalance>()
  for (const list of lists) {
    for (const token of list) {
      const key = `${token.address ?? ''}|${token.symbol}`
      const known = byToken.get(key)
      if (!known) {
        byToken.set(key, token)
        continue
      }
      const decimals = Number(token.quantity.decimals)
      const amount =
        parseUnits(known.quantity.numeric, decimals) + parseUnits(token.quantity.numeric, decimals)
      const value =
        known.value === undefined && token.value === undefined
          ? undefined
          : (known.value ?? 0) + (token.value ?? 0)
      byToken.set(key, {
        ...known,
        ...(value === undefined ? {} : { value }),
        quantity: { decimals: token.quantity.decimals, numeric: formatUnits(amount, decimals) },
      })
    }
  }
  return [...byToken.values()]
}

/**
 * Fetches an account's token balances on one network from the Latch API
 * (`GET /v1/account/{address}/balance?chainId={caip2}`): for eip155 the chain's coins and
 * tokens, for Solana SOL and the SPL tokens, for Bitcoin the BTC of the payment and ordinals
 * addresses added up (`byAddress` keeps each). Zero-decimal tokens are filtered out (spec
 * section 5), the rest sorted by value, with the native coin and the total value picked out.
 */
export async function getTokenBalances(
  config: LatchConfig,
  parameters: GetTokenBalancesParameters,
): Promise<GetTokenBalancesReturnType> {
  const network = findBalanceNetwork(config, parameters)
  const currency = parameters.currency ?? config.options.currency
  const chainId =
    'id' in network && typeof network.id === 'number'
      ? toCaipNetworkId({ reference: network.id })
      : network.caipNetworkId
  const read = async (address: string) =>
    (
      await requestApi(config, {
        path: `/v1/account/${encodeURIComponent(address)}/balance`,
        query: {
          chainId,
          currency,
          forceUpdate: parameters.forceUpdate ? 'true' : undefined,
        },
        signal: parameters.signal,
        schema: balanceResponseSchema,
        toError: (failure) => new BalanceUnavailableError(failure),
      })
    ).balances
  const owners = network.namespace === 'bip122' ? bitcoinAddresses(config, parameters) : undefined
  const lists = owners
    ? await Promise.all(owners.map((owner) => read(owner.address)))
    : [await read(parameters.address)]
  const balances = lists.length === 1 ? (lists[0] ?? []) : sumBalances(lists)

  const tokens = balances
    .filter((token) => token.quantity.decimals !== '0')
    // Icons load from the API's origin; one the page may not load is left blank.
    .map((token) => ({ ...token, iconUrl: resolveApiImageUrl(config.apiUrl, token.iconUrl) ?? '' }))
    .sort(compareTokenBalances)
  const native = tokens.find(
    (token) => isNativeBalance(token) && token.symbol === network.nativeCurrency.symbol,
  ) ??
    tokens.find(isNativeBalance) ?? {
      name: network.nativeCurrency.name,
      symbol: network.nativeCurrency.symbol,
      chainId: network.caipNetworkId,
      address: `${network.caipNetworkId}:${nativeCoinAddress}`,
      price: 0,
      quantity: { decimals: String(network.nativeCurrency.decimals), numeric: '0' },
      iconUrl: '',
    }
  const values = tokens.flatMap((token) => (token.value === undefined ? [] : [token.value]))
  const total = values.length > 0 ? values.reduce((sum, value) => sum + value, 0) : undefined
  const byAddress = owners?.map((owner, index) => ({
    ...owner,
    numeric: (lists[index] ?? []).find(isNativeBalance)?.quantity.numeric ?? '0',
  }))
  return { tokens, native, total, currency, ...(byAddress ? { byAddress } : {}) }
}
