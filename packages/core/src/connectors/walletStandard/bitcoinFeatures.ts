/**
 * The Bitcoin wallet features Latch asks a Wallet Standard wallet for, named `bitcoin:*` and
 * shaped after sats-connect's request methods (`getAccountAddresses`, `signMessage`,
 * `sendTransfer`), so Xverse-style wallets map onto them one to one. A wallet has the two
 * addresses sats-connect describes: `payment` (BTC, usually P2WPKH `bc1q...`) and `ordinals`
 * (inscriptions, P2TR `bc1p...`). Latch does not import sats-connect (it pulls axios).
 */

export const BitcoinConnect = 'bitcoin:connect'
export const BitcoinGetAccountAddresses = 'bitcoin:getAccountAddresses'
export const BitcoinSignMessage = 'bitcoin:signMessage'
export const BitcoinSendTransfer = 'bitcoin:sendTransfer'

/** What an address is for (sats-connect `AddressPurpose`, without Stacks). */
export type BitcoinAddressPurpose = 'payment' | 'ordinals'

/** sats-connect `Address`. */
export type BitcoinAddress = {
  readonly address: string
  /** Hex. */
  readonly publicKey: string
  readonly purpose: BitcoinAddressPurpose
  readonly addressType?: 'p2wpkh' | 'p2tr' | 'p2sh' | 'p2pkh' | undefined
}

export type BitcoinAddressesInput = {
  readonly purposes: readonly BitcoinAddressPurpose[]
  /** Shown by the wallet while asking (sats-connect `message`). */
  readonly message?: string | undefined
}

export type BitcoinAddressesOutput = { readonly addresses: readonly BitcoinAddress[] }

/** Asks the person to share addresses (a prompt). */
export type BitcoinConnectFeature = {
  readonly [BitcoinConnect]: {
    readonly version: '1.0.0'
    readonly connect: (input: BitcoinAddressesInput) => Promise<BitcoinAddressesOutput>
  }
}

/** The shared addresses again, without a prompt; fails when the page is not authorized. */
export type BitcoinGetAccountAddressesFeature = {
  readonly [BitcoinGetAccountAddresses]: {
    readonly version: '1.0.0'
    readonly getAccountAddresses: (input: BitcoinAddressesInput) => Promise<BitcoinAddressesOutput>
  }
}

/** sats-connect `signMessage`: BIP-322 by default, or a legacy ECDSA signed message. */
export type BitcoinSignMessageInput = {
  readonly address: string
  readonly message: string
  readonly protocol?: 'BIP322' | 'ECDSA' | undefined
}

export type BitcoinSignMessageOutput = {
  /** Base64 (BIP-322 witness, or the 65-byte legacy signature). */
  readonly signature: string
  readonly messageHash: string
  readonly address: string
  readonly protocol?: 'BIP322' | 'ECDSA' | undefined
}

export type BitcoinSignMessageFeature = {
  readonly [BitcoinSignMessage]: {
    readonly version: '1.0.0'
    readonly signMessage: (input: BitcoinSignMessageInput) => Promise<BitcoinSignMessageOutput>
  }
}

/** sats-connect `sendTransfer`: amounts in satoshis; the wallet builds, signs and sends. */
export type BitcoinSendTransferFeature = {
  readonly [BitcoinSendTransfer]: {
    readonly version: '1.0.0'
    readonly sendTransfer: (input: {
      readonly recipients: readonly { readonly address: string; readonly amount: number }[]
    }) => Promise<{ readonly txid: string }>
  }
}

export type BitcoinWalletFeatures = BitcoinConnectFeature &
  BitcoinGetAccountAddressesFeature &
  BitcoinSignMessageFeature &
  Partial<BitcoinSendTransferFeature>
