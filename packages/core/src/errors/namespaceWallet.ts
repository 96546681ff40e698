import { BaseError } from './base.ts'

/** A Solana or Bitcoin wallet lists none of the chains of the network asked for. */
export class WalletNetworkUnsupportedError extends BaseError {
  override name = 'WalletNetworkUnsupportedError' as const
  override readonly code = 'WALLET_NETWORK_UNSUPPORTED'
  constructor(parameters: { walletName: string; caipNetworkId: string }) {
    super(`"${parameters.walletName}" does not support the network ${parameters.caipNetworkId}.`)
  }
}

/** A Solana or Bitcoin wallet lacks the Wallet Standard feature an action needs. */
export class WalletFeatureMissingError extends BaseError {
  override name = 'WalletFeatureMissingError' as const
  override readonly code = 'WALLET_FEATURE_MISSING'
  constructor(parameters: { walletName: string; feature: string }) {
    super(`"${parameters.walletName}" does not offer ${parameters.feature}.`)
  }
}

/** The wallet signed other bytes than the message asked for (a sign-in could not verify). */
export class SignedMessageMismatchError extends BaseError {
  override name = 'SignedMessageMismatchError' as const
  override readonly code = 'SIGNED_MESSAGE_MISMATCH'
  constructor(walletName: string) {
    super(`"${walletName}" signed a different message than the one asked for.`)
  }
}
