import type { Wallet } from '@wallet-standard/base'
import type { StandardDisconnectFeature } from '@wallet-standard/features'
import type { CaipNetworkId } from '../../caip/toCaipNetworkId.ts'
import { ConnectorAccountNotFoundError } from '../../errors/connector.ts'
import {
  BitcoinAddressInvalidError,
  BitcoinAddressNetworkError,
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
import { readBitcoinAddressNetworks } from './readBitcoinAddressNetworks.ts'
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

/**
 * Payment first, then ordinals; each once. Every address must be of `network`: a wallet
 * answering a mainnet address on regtest (or anything that is no Bitcoin address) is refused
 * in the API's words, before the app shows or signs with it.
 */
function toAccounts(
  addresses: readonly BitcoinAddress[],
  network: LatchBitcoinNetwork,
  walletName: string,
): NamespaceAccount[] {
  for (const { address } of addresses) {
    const networks = readBitcoinAddressNetworks(address)
    if (!networks) throw new BitcoinAddressInvalidError({ walletName, address })
    if (!networks.includes(network.network))
      throw new BitcoinAddressNetworkError({
        address,
        addressNetwork: networks[0] as string,
        network: network.network,
      })
  }
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
  /** The network of the last connection (the one addresses are checked against). */
  let connected: LatchBitcoinNetwork | undefined

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
      const network = supported.find((entry) => entry.caipNetworkId === caipNetworkId)
      if (!network) throw new WalletNetworkUnsupportedError({ walletName: name, caipNetworkId })
      const accounts = toAccounts((await readAddresses(isReconnecting)).addresses, network, name)
      if (!accounts.some((account) => account.purpose === 'payment'))
        throw new ConnectorAccountNotFoundError(name)
      connected = network
      return { accounts, caipNetworkId }
    },
    async disconnect() {
      await features['standard:disconnect']?.disconnect()
    },
    /**
     * After a reload a wallet lists no accounts until asked: `bitcoin:getAccountAddresses`
     * answers without a prompt for a page it authorized (within `rpcTimeoutMs`).
     */
    async isAuthorized() {
      if (wallet.accounts.length > 0) return true
      if (!features[BitcoinGetAccountAddresses]) return false
      return readAddresses(true).then(
        (output) => output.addresses.some((entry) => entry.purpose === 'payment'),
        () => false,
      )
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
        const network = connected
        if (!network) return
        // Addresses of another network end the connection, as no addresses would.
        readAddresses(true)
          .then((output) => toAccounts(output.addresses, network, name))
          .then(listener, () => listener([]))
      })
    },
  }
}
