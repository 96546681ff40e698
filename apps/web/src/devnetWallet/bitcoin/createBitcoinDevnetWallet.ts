import type {
  BitcoinAddressesInput,
  BitcoinAddressesOutput,
  BitcoinConnectFeature,
  BitcoinGetAccountAddressesFeature,
  BitcoinSendTransferFeature,
  BitcoinSignMessageFeature,
} from '@latch/core'
import type { Wallet } from '@wallet-standard/base'
import type { StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import type { Described } from '../createConfirmDialog.ts'
import { createStandardWalletCore } from '../createStandardWalletCore.ts'
import { walletStandardIcon, walletStandardName } from '../walletStandardIcon.ts'
import type { BitcoinDevnetSigner } from './createBitcoinDevnetSigner.ts'

export type BitcoinDevnetWalletOptions = {
  /** `devnetWallet.bitcoin` of the web config. */
  config: {
    caipNetworkId: `bip122:${string}`
    network: 'regtest'
    esploraUrl: string
    paymentAddress: string
    ordinalsAddress: string
    wif: string
  }
  /** Asks the person (the Devnet Wallet's dialog); false declines. */
  confirm: (described: Described) => Promise<boolean>
  origin: string
  /** Remembers that the site was allowed (a reload reconnects silently); none: per page. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined
}

export type BitcoinDevnetWalletFeatures = BitcoinConnectFeature &
  BitcoinGetAccountAddressesFeature &
  BitcoinSignMessageFeature &
  BitcoinSendTransferFeature &
  StandardDisconnectFeature &
  StandardEventsFeature

const authorizedKey = 'latch.devnetWallet.bitcoin.authorized'

/**
 * The Bitcoin devnet wallet as a Wallet Standard wallet with Latch's `bitcoin:*` features
 * (sats-connect's shapes): a payment (P2WPKH) and an ordinals (P2TR) address of one regtest
 * test key. Registering it costs its name, icon and these functions: bitcoinjs-lib loads on
 * the first request. Every request that shares or signs asks the person first.
 */
export function createBitcoinDevnetWallet(
  options: BitcoinDevnetWalletOptions,
): Wallet & { features: BitcoinDevnetWalletFeatures } {
  const { config, confirm, storage } = options
  const chains = [config.caipNetworkId, `bitcoin:${config.network}`] as const
  const core = createStandardWalletCore({
    loadSigner: () =>
      import('./createBitcoinDevnetSigner.ts').then(({ createBitcoinDevnetSigner }) =>
        createBitcoinDevnetSigner(config),
      ),
    confirm,
  })
  const { setAccounts, loadSigner, ask, unauthorized } = core
  const addresses = (loaded: BitcoinDevnetSigner, input: BitcoinAddressesInput) => {
    const purposes = input?.purposes ?? ['payment', 'ordinals']
    return {
      addresses: loaded.addresses.filter((entry) => purposes.includes(entry.purpose)),
    } satisfies BitcoinAddressesOutput
  }
  const authorize = (loaded: BitcoinDevnetSigner) => {
    storage?.setItem(authorizedKey, config.paymentAddress)
    setAccounts(
      loaded.addresses.map((entry) => ({
        address: entry.address,
        publicKey: loaded.publicKeys[entry.purpose],
        chains: [...chains],
        features: ['bitcoin:signMessage', 'bitcoin:sendTransfer'],
        label: `${walletStandardName} (${entry.purpose})`,
      })),
    )
  }
  const isAuthorized = () =>
    core.accounts.length > 0 || storage?.getItem(authorizedKey) === config.paymentAddress

  const features: BitcoinDevnetWalletFeatures = {
    'bitcoin:connect': {
      version: '1.0.0',
      async connect(input) {
        const loaded = await loadSigner()
        if (!isAuthorized())
          await ask({
            action: `Connect to ${options.origin || 'this site'}?`,
            lines: [
              { label: 'Network', value: `Bitcoin ${config.network} (${config.caipNetworkId})` },
              ...loaded.addresses.map((entry) => ({
                label: entry.purpose === 'payment' ? 'Payment' : 'Ordinals',
                value: entry.address,
              })),
            ],
            note:
              input?.message ??
              'The site will see these addresses and balances, and can ask you to sign.',
          })
        authorize(loaded)
        return addresses(loaded, input)
      },
    },
    'bitcoin:getAccountAddresses': {
      version: '1.0.0',
      async getAccountAddresses(input) {
        if (!isAuthorized()) throw unauthorized()
        const loaded = await loadSigner()
        if (core.accounts.length === 0) authorize(loaded)
        return addresses(loaded, input)
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      async signMessage(input) {
        if (!isAuthorized()) throw unauthorized()
        const loaded = await loadSigner()
        const protocol = input.protocol ?? 'BIP322'
        await ask({
          action: 'Sign this message?',
          lines: [
            { label: 'Address', value: input.address },
            { label: 'Format', value: protocol === 'BIP322' ? 'BIP-322' : 'Legacy (ECDSA)' },
          ],
          body: input.message,
        })
        return loaded.signMessage({ ...input, protocol })
      },
    },
    'bitcoin:sendTransfer': {
      version: '1.0.0',
      async sendTransfer(input) {
        if (!isAuthorized()) throw unauthorized()
        const loaded = await loadSigner()
        const transfer = await loaded.prepareTransfer(input.recipients)
        await ask({
          action: 'Send this Bitcoin transfer?',
          lines: [
            { label: 'Network', value: `Bitcoin ${config.network}` },
            { label: 'From', value: config.paymentAddress },
            ...transfer.recipients.map((recipient, index) => ({
              label: `To ${index + 1}`,
              value: `${recipient.address} · ${formatBtc(recipient.amount)} BTC`,
            })),
            { label: 'Network fee', value: `${formatBtc(transfer.fee)} BTC` },
          ],
        })
        return { txid: await transfer.send() }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        storage?.removeItem(authorizedKey)
        if (core.accounts.length > 0) setAccounts([])
      },
    },
    'standard:events': core.events,
  }

  return {
    version: '1.0.0',
    name: walletStandardName,
    icon: walletStandardIcon,
    chains: [...chains],
    features,
    get accounts() {
      return core.accounts
    },
  }
}

const formatBtc = (sats: bigint | number) => {
  const value = BigInt(sats)
  const fraction = (value % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '')
  return fraction ? `${value / 100_000_000n}.${fraction}` : `${value / 100_000_000n}`
}
