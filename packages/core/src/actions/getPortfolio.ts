import type { LatchConfig } from '../createLatchConfig.ts'
import { getCapabilities, supportsAssetDiscovery } from './getCapabilities.ts'
import {
  findBalanceNetwork,
  type GetTokenBalancesErrorType,
  type GetTokenBalancesParameters,
  type GetTokenBalancesReturnType,
  getTokenBalances,
} from './getTokenBalances.ts'
import { getWalletAssets } from './getWalletAssets.ts'

export type GetPortfolioParameters = GetTokenBalancesParameters

export type GetPortfolioReturnType = GetTokenBalancesReturnType & {
  /** Who listed the tokens: the wallet (EIP-7811 `wallet_getAssets`) or the Latch API. */
  source: 'wallet' | 'api'
}

export type GetPortfolioErrorType = GetTokenBalancesErrorType

/**
 * The account panel's token list (spec section 7, "Wallet asset discovery: capabilities call,
 * then get-assets call"): when the connected wallet's capabilities say it lists its assets
 * (EIP-7811 `assetDiscovery`), the wallet's own list, priced by the API; when it does not, or
 * fails, or lists nothing, the API's balances (`getTokenBalances`), whose errors are this
 * action's. Another account than the connected one always goes to the API, and so do Solana
 * and Bitcoin networks (`caipNetworkId`): SOL and SPL tokens, BTC of the payment and ordinals
 * addresses.
 */
export async function getPortfolio(
  config: LatchConfig,
  parameters: GetPortfolioParameters,
): Promise<GetPortfolioReturnType> {
  const network = findBalanceNetwork(config, parameters)
  const state = config.getState()
  const chainId = 'id' in network && typeof network.id === 'number' ? network.id : undefined
  const own =
    chainId !== undefined &&
    state.status === 'connected' &&
    state.address?.toLowerCase() === parameters.address.toLowerCase()
  if (own && !parameters.forceUpdate) {
    const fromWallet = await getCapabilities(config, { address: parameters.address, chainId })
      .then((capabilities) =>
        supportsAssetDiscovery(capabilities)
          ? getWalletAssets(config, { ...parameters, chainId })
          : undefined,
      )
      .catch(() => undefined)
    if (fromWallet && fromWallet.tokens.length > 0) return { ...fromWallet, source: 'wallet' }
  }
  return { ...(await getTokenBalances(config, parameters)), source: 'api' }
}
