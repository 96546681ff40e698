import type { Wallet } from '@wallet-standard/base'
import type { StandardDisconnectFeature } from '@wallet-standard/features'
import type { CaipNetworkId } from '../../caip/toCaipNetworkId.ts'
import { ConnectorAccountNotFoundError } from '../../errors/connector.ts'
import {
  WalletFeatureMissingError,
  WalletNetworkUnsupportedError,
} from '../../errors/namespaceWallet.ts'
import type { LatchBitcoinNetwork } from '../../webConfig/parseLatchWebConfig.ts'
import type { NamespaceAccount, NamespaceConnector } from '../types.ts'
import {
  type BitcoinAddress,
  type BitcoinAddressesInput,
  BitcoinConnect,
  BitcoinGetAccountAddresses,
  BitcoinSignMessage,
  type BitcoinWalletFeatures,
} from './bitcoinFeatures.ts'
import { toWalletChain } from './walletStandardChains.ts'
import { onWalletAccountsChange } from './walletStandardEvents.ts'
import { withSilentTimeout } from './withSilentTimeout.ts'

/** The features a Bitcoin wallet needs to be listed (`bitcoinFeatures.ts`). */
export function isBitcoinWallet(wallet: Wallet): boolean {
  return BitcoinConnect in wallet.features && BitcoinSignMessage in wallet.features
}

const addressesInput: BitcoinAddressesInput = {
  purposes: ['payment', 'ordinals'],
  message: 'Share your Bitcoin payment and ordinals addresses.',
}

/** Payment first, then ordinals; each once. */
function toAccounts(addresses: readonly BitcoinAddress[]): NamespaceAccount[] {
  const ordered = [
    ...addresses.filter((entry) => entry.purpose === 'payment'),
    ...addresses.filter((entry) => entry.purpose === 'ordinals'),
  ]
  return ordered
    .filter((entry, index) => ordered.findIndex((e) => e.address === entry.address) === index)
    .map(({ address, publicKey, purpose }) => ({ address, publicKey, purpose }))
}

/**
 * A Bitcoin wallet of the Wallet Standard (Xverse, Leather, Unisat... through `bitcoin:*`
 * features) as a connector on the app's Bitcoin networks it lists.
 */
export function bitcoinWalletConnector(
  wallet: Wallet,
  networks: readonly LatchBitcoinNetwork[],
): NamespaceConnector {
  const features = wallet.features as Partial<BitcoinWalletFeatures & StandardDisconnectFeature>
  const supported = networks.filter((network) => toWalletChain(network, wallet.chains))
  const name = wallet.name

  async function readAddresses(isReconnecting: boolean | undefined) {
    if (isReconnecting) {
      const feature = features[BitcoinGetAccountAddresses]
      if (!feature)
        throw new WalletFeatureMissingError({
          walletName: name,
          feature: BitcoinGetAccountAddresses,
        })
      return withSilentTimeout(feature.getAccountAddresses(addressesInput), name)
    }
    const feature = features[BitcoinConnect]
    if (!feature) throw new WalletFeatureMissingError({ walletName: name, feature: BitcoinConnect })
    return feature.connect(addressesInput)
  }

  return {
    id: `walletStandard.bip122.${name}`,
    name,
    icon: wallet.icon,
    type: 'ANNOUNCED',
    chainNamespace: 'bip122',
    caipNetworkIds: supported.map((network) => network.caipNetworkId as CaipNetworkId),
    async connect({ caipNetworkId, isReconnecting }) {
      if (!supported.some((network) => network.caipNetworkId === caipNetworkId))
        throw new WalletNetworkUnsupportedError({ walletName: name, caipNetworkId })
      const accounts = toAccounts((await readAddresses(isReconnecting)).addresses)
      if (!accounts.some((account) => account.purpose === 'payment'))
        throw new ConnectorAccountNotFoundError(name)
      return { accounts, caipNetworkId }
    },
    async disconnect() {
      await features['standard:disconnect']?.disconnect()
    },
    async isAuthorized() {
      return wallet.accounts.length > 0
    },
    async signMessage({ address, message }) {
      const feature = features[BitcoinSignMessage]
      if (!feature)
        throw new WalletFeatureMissingError({ walletName: name, feature: BitcoinSignMessage })
      const output = await feature.signMessage({ address, message, protocol: 'BIP322' })
      if (output.address !== address) throw new ConnectorAccountNotFoundError(name)
      return { address, signature: output.signature }
    },
    onAccountsChanged(listener) {
      return onWalletAccountsChange(wallet, (accounts) => {
        if (accounts.length === 0) return listener([])
        readAddresses(true).then(
          (output) => listener(toAccounts(output.addresses)),
          () => listener([]),
        )
      })
    },
  }
}
