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

/**
 * A Bitcoin wallet answered an address of another network than the one connected (a mainnet
 * `bc1...` on regtest, say): the API's words, "This is a Bitcoin mainnet address; this
 * network is regtest.".
 */
export class BitcoinAddressNetworkError extends BaseError {
  override name = 'BitcoinAddressNetworkError' as const
  override readonly code = 'BITCOIN_ADDRESS_NETWORK'
  constructor(parameters: { address: string; addressNetwork: string; network: string }) {
    super(
      `This is a Bitcoin ${parameters.addressNetwork} address; this network is ${parameters.network}.`,
      { metaMessages: [`Address: ${parameters.address.slice(0, 90)}`] },
    )
  }
}

/** A Bitcoin wallet answered something that is no Bitcoin address at all. */
export class BitcoinAddressInvalidError extends BaseError {
  override name = 'BitcoinAddressInvalidError' as const
  override readonly code = 'BITCOIN_ADDRESS_INVALID'
  constructor(parameters: { walletName: string; address: string }) {
    super(
      `"${parameters.walletName}" answered an invalid Bitcoin address: ${JSON.stringify(parameters.address.slice(0, 90))}.`,
    )
  }
}
