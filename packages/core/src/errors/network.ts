import { BaseError } from './base.ts'

/**
 * A CAIP-2 network id names none of the app's networks (spec alert "Network Not Found"): a
 * network from a link, a WalletConnect session or the configuration the app is not set up for.
 */
export class NetworkNotFoundError extends BaseError {
  override name = 'NetworkNotFoundError' as const
  override readonly code = 'NETWORK_NOT_FOUND'
  readonly caipNetworkId: string
  constructor(caipNetworkId: string, configured: readonly string[]) {
    super('Network not found.', {
      details: `"${caipNetworkId}" is not one of the configured networks (${configured.join(', ')}).`,
    })
    this.caipNetworkId = caipNetworkId
  }
}

/**
 * The wallet answered for other chains than the one asked about (EIP-5792
 * `wallet_getCapabilities`): spec section 8's 'Chain is not supported'.
 */
export class ChainNotSupportedError extends BaseError {
  override name = 'ChainNotSupportedError' as const
  override readonly code = 'CHAIN_NOT_SUPPORTED'
  readonly chainId: number
  constructor(chainId: number) {
    super('Chain is not supported', {
      details: `The wallet has no capabilities for eip155:${chainId}.`,
    })
    this.chainId = chainId
  }
}
