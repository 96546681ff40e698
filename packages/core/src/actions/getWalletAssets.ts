import {
  fungiblePriceResponseSchema,
  nativeCoinAddress,
  type TokenBalance,
  walletAssetsSchema,
} from '@latch/api-contract'
import { formatUnits, numberToHex } from 'viem'
import { toCaipNetworkId } from '../caip/toCaipNetworkId.ts'
import type { LatchConfig } from '../createLatchConfig.ts'
import { ChainNotConfiguredError, ConnectorNotConnectedError } from '../errors/connector.ts'
import { WalletAssetsUnavailableError } from '../errors/eip5792.ts'
import { fromProviderError } from '../errors/fromProviderError.ts'
import type { FiatCurrency } from '../options/createLatchOptions.ts'
import { requestApi, resolveApiImageUrl } from '../utils/requestApi.ts'
import {
  compareTokenBalances,
  type GetTokenBalancesReturnType,
  isNativeBalance,
} from './getTokenBalances.ts'

export type GetWalletAssetsParameters = {
  address: string
  chainId: number
  /** Fiat currency of the prices the API adds; default the person's (`options.currency`). */
  currency?: FiatCurrency | undefined
  /** Aborts the price request (TanStack Query passes one). */
  signal?: unknown
}

/** The same shape as `getTokenBalances`: the account panel shows either. */
export type GetWalletAssetsReturnType = GetTokenBalancesReturnType

export type GetWalletAssetsErrorType =
  | ConnectorNotConnectedError
  | ChainNotConfiguredError
  | WalletAssetsUnavailableError

/**
 * Asks the connected wallet for the account's native coin and ERC-20 tokens on a chain
 * (EIP-7811 `wallet_getAssets`, parsed with the contract's `walletAssetsSchema`) and prices
 * them through the API (`POST /v1/fungible/price`; unpriced when that fails). Zero-decimal
 * tokens are left out (spec section 5), as the API's balances do. A wallet without the method,
 * or an answer that does not read, is a `WalletAssetsUnavailableError`.
 */
export async function getWalletAssets(
  config: LatchConfig,
  parameters: GetWalletAssetsParameters,
): Promise<GetWalletAssetsReturnType> {
  const network = config.networks.find((n) => n.id === parameters.chainId)
  if (!network) throw new ChainNotConfiguredError(parameters.chainId)
  const state = config.getState()
  const connector = state.connectors.find((entry) => entry.id === state.connectorId)
  if (state.status !== 'connected' || !connector) throw new ConnectorNotConnectedError()
  const chainHex = numberToHex(network.id)
  let answer: unknown
  try {
    const provider = await connector.getProvider()
    answer = await provider.request({
      method: 'wallet_getAssets',
      params: [
        {
          account: parameters.address,
          chainFilter: [chainHex],
          assetTypeFilter: ['native', 'erc20'],
        },
      ],
    })
  } catch (cause) {
    throw new WalletAssetsUnavailableError({ cause: fromProviderError(cause) })
  }
  const parsed = walletAssetsSchema.safeParse(answer)
  if (!parsed.success)
    throw new WalletAssetsUnavailableError({ details: parsed.error.issues[0]?.message })
  const caip2 = toCaipNetworkId({ reference: network.id })
  const listed = Object.entries(parsed.data)
    .filter(([chain]) => BigInt(chain) === BigInt(network.id))
    .flatMap(([, assets]) => assets)
    .flatMap((asset): TokenBalance[] => {
      const native = asset.type === 'native' || asset.address === 'native'
      if (!native && asset.type !== 'erc20') return []
      const decimals = native ? network.nativeCurrency.decimals : asset.metadata?.decimals
      if (decimals === undefined || decimals === 0) return []
      return [
        {
          name: (native ? network.nativeCurrency.name : asset.metadata?.name) ?? '',
          symbol: (native ? network.nativeCurrency.symbol : asset.metadata?.symbol) ?? '',
          chainId: caip2,
          address: `${caip2}:${native ? nativeCoinAddress : asset.address}`,
          price: 0,
          quantity: {
            decimals: String(decimals),
            numeric: formatUnits(BigInt(asset.balance), decimals),
          },
          iconUrl: '',
        },
      ]
    })
  const currency = parameters.currency ?? config.options.currency
  const prices = await requestApi(config, {
    path: '/v1/fungible/price',
    body: { currency, addresses: listed.slice(0, 100).map((token) => token.address) },
    idempotent: true,
    signal: parameters.signal,
    schema: fungiblePriceResponseSchema,
    toError: (failure) => new WalletAssetsUnavailableError(failure),
  }).catch(() => undefined)
  const tokens = listed
    .map((token) => {
      const priced = prices?.fungibles.find(
        (entry) => entry.address.toLowerCase() === token.address?.toLowerCase(),
      )
      if (!priced) return token
      return {
        ...token,
        price: priced.price,
        value: priced.price * Number(token.quantity.numeric),
        iconUrl: resolveApiImageUrl(config.apiUrl, priced.iconUrl) ?? '',
      }
    })
    .sort(compareTokenBalances)
  const native = tokens.find(isNativeBalance) ?? {
    name: network.nativeCurrency.name,
    symbol: network.nativeCurrency.symbol,
    chainId: caip2,
    address: `${caip2}:${nativeCoinAddress}`,
    price: 0,
    quantity: { decimals: String(network.nativeCurrency.decimals), numeric: '0' },
    iconUrl: '',
  }
  const values = tokens.flatMap((token) => (token.value === undefined ? [] : [token.value]))
  const total = values.length > 0 ? values.reduce((sum, value) => sum + value, 0) : undefined
  return { tokens, native, total, currency }
}
