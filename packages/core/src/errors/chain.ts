import { BaseError } from './base.ts'

/**
 * The wallet did not switch chains: the chain is not approved in the session, or the wallet
 * lacks `wallet_switchEthereumChain` (spec section 8). A refusal in the wallet is a
 * `UserRejectedRequestError` instead. The message is the spec's sentence, exactly; the
 * wallet's own answer stays in `cause`.
 */
export class SwitchChainError extends BaseError {
  override name = 'SwitchChainError' as const
  override readonly code = 4902
  override readonly cause: unknown
  readonly chainId: number
  constructor(chainId: number, cause?: unknown) {
    super(
      `Failed to switch to chain eip155:${chainId}. The chain is not approved or the wallet does not support wallet_switchEthereumChain method.`,
    )
    this.chainId = chainId
    this.cause = cause
  }
}
