import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature } from '@wallet-standard/features'
import type { CaipNetworkId } from '../../caip/toCaipNetworkId.ts'
import { ConnectorAccountNotFoundError, ProviderRequestError } from '../../errors/connector.ts'
import {
  SignedMessageMismatchError,
  WalletFeatureMissingError,
  WalletNetworkUnsupportedError,
} from '../../errors/namespaceWallet.ts'
import type { LatchSolanaNetwork } from '../../webConfig/parseLatchWebConfig.ts'
import type { NamespaceAccount, NamespaceConnector } from '../types.ts'
import { toWalletChain } from './walletStandardChains.ts'
import { onWalletAccountsChange, toHex } from './walletStandardEvents.ts'
import { withSilentTimeout } from './withSilentTimeout.ts'

/** The features a Solana wallet needs to be listed: connect, and a way to sign. */
export function isSolanaWallet(wallet: Wallet): boolean {
  const features = wallet.features
  return (
    'standard:connect' in features &&
    ('solana:signAndSendTransaction' in features ||
      'solana:signTransaction' in features ||
      'solana:signMessage' in features)
  )
}

/**
 * A Solana wallet of the Wallet Standard (Phantom, Solflare, Backpack...) as a connector on
 * the app's Solana networks it lists (`caipNetworkIds`; none: not offered).
 */
export function solanaWalletConnector(
  wallet: Wallet,
  networks: readonly LatchSolanaNetwork[],
): NamespaceConnector {
  const features = wallet.features as Partial<
    StandardConnectFeature &
      StandardDisconnectFeature &
      SolanaSignMessageFeature &
      SolanaSignTransactionFeature &
      SolanaSignAndSendTransactionFeature
  >
  const supported = networks.filter((network) => toWalletChain(network, wallet.chains))
  let chain: string | undefined

  const toAccounts = (accounts: readonly WalletAccount[]): NamespaceAccount[] =>
    accounts
      .filter(
        (account) =>
          !chain ||
          account.chains.length === 0 ||
          (account.chains as readonly string[]).includes(chain),
      )
      .map((account) => ({ address: account.address, publicKey: toHex(account.publicKey) }))

  return {
    id: `walletStandard.solana.${wallet.name}`,
    name: wallet.name,
    icon: wallet.icon,
    type: 'ANNOUNCED',
    chainNamespace: 'solana',
    caipNetworkIds: supported.map((network) => network.caipNetworkId as CaipNetworkId),
    async connect({ caipNetworkId, isReconnecting }) {
      const network = supported.find((entry) => entry.caipNetworkId === caipNetworkId)
      const walletChain = network && toWalletChain(network, wallet.chains)
      if (!walletChain)
        throw new WalletNetworkUnsupportedError({ walletName: wallet.name, caipNetworkId })
      const connectFeature = features['standard:connect']
      if (!connectFeature)
        throw new WalletFeatureMissingError({
          walletName: wallet.name,
          feature: 'standard:connect',
        })
      chain = walletChain
      const request = connectFeature.connect(isReconnecting ? { silent: true } : undefined)
      const { accounts } = await (isReconnecting
        ? withSilentTimeout(request, wallet.name)
        : request)
      const result = toAccounts(accounts)
      if (result.length === 0) throw new ConnectorAccountNotFoundError(wallet.name)
      return { accounts: result, caipNetworkId }
    },
    async disconnect() {
      await features['standard:disconnect']?.disconnect()
    },
    /**
     * After a reload a wallet lists no accounts until asked: `standard:connect` with
     * `silent: true` answers them without a prompt for a page it authorized, else none
     * (within `rpcTimeoutMs`).
     */
    async isAuthorized() {
      if (wallet.accounts.length > 0) return true
      const connectFeature = features['standard:connect']
      if (!connectFeature) return false
      return withSilentTimeout(connectFeature.connect({ silent: true }), wallet.name).then(
        ({ accounts }) => accounts.length > 0,
        () => false,
      )
    },
    async signMessage({ address, message }) {
      const signFeature = features['solana:signMessage']
      if (!signFeature)
        throw new WalletFeatureMissingError({
          walletName: wallet.name,
          feature: 'solana:signMessage',
        })
      const account = wallet.accounts.find((entry) => entry.address === address)
      if (!account) throw new ConnectorAccountNotFoundError(wallet.name)
      const bytes = new TextEncoder().encode(message)
      const [output] = await signFeature.signMessage({ account, message: bytes })
      if (!output || !sameBytes(output.signedMessage, bytes))
        throw new SignedMessageMismatchError(wallet.name)
      // @solana/kit (~50 KB gzip) loads with the first signature, not with the wallet list.
      const { getBase58Decoder } = await import('@solana/kit')
      return { address, signature: getBase58Decoder().decode(output.signature) }
    },
    async signAndSendTransaction({ address, transaction }) {
      const sendFeature = features['solana:signAndSendTransaction']
      if (!sendFeature)
        throw new WalletFeatureMissingError({
          walletName: wallet.name,
          feature: 'solana:signAndSendTransaction',
        })
      const account = wallet.accounts.find((entry) => entry.address === address)
      if (!account || !chain) throw new ConnectorAccountNotFoundError(wallet.name)
      const [output] = await sendFeature.signAndSendTransaction({
        account,
        chain: chain as `${string}:${string}`,
        transaction,
        options: { commitment: 'confirmed' },
      })
      if (output?.signature.length !== 64)
        throw new ProviderRequestError('The wallet answered without a transaction signature.', {})
      return output.signature
    },
    onAccountsChanged(listener) {
      return onWalletAccountsChange(wallet, (accounts) => listener(toAccounts(accounts)))
    },
  }
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((byte, index) => byte === b[index])
