import type { Wallets } from '@wallet-standard/app'
import type { Wallet } from '@wallet-standard/base'
import type { Unsubscribe } from '../../types.ts'
import type {
  LatchBitcoinNetwork,
  LatchCaipNetwork,
  LatchSolanaNetwork,
} from '../../webConfig/parseLatchWebConfig.ts'
import type { NamespaceConnector } from '../types.ts'
import { bitcoinWalletConnector, isBitcoinWallet } from './bitcoinWalletConnector.ts'
import { isSolanaWallet, solanaWalletConnector } from './solanaWalletConnector.ts'

export type WatchWalletStandardWalletsParameters = {
  /** `getWallets()` of `@wallet-standard/app` (the page's registry of standard wallets). */
  wallets: Wallets
  networks: readonly LatchCaipNetwork[]
  /** Every wallet's connectors, in order of registration; called at once and on each change. */
  onChange(connectors: readonly NamespaceConnector[]): void
}

/**
 * Follows the Wallet Standard registry: each registered wallet becomes a Solana connector
 * (`standard:connect` and a `solana:sign*` feature) and/or a Bitcoin one (`bitcoin:connect`,
 * `bitcoin:signMessage`), when it lists a chain of one of the app's networks of that
 * namespace. Wallets that register later, unregister, or change their chains or features are
 * followed. Returns a stop function.
 */
export function watchWalletStandardWallets(
  parameters: WatchWalletStandardWalletsParameters,
): Unsubscribe {
  const solanaNetworks = parameters.networks.filter(
    (network): network is LatchSolanaNetwork => network.namespace === 'solana',
  )
  const bitcoinNetworks = parameters.networks.filter(
    (network): network is LatchBitcoinNetwork => network.namespace === 'bip122',
  )
  const walletWatches = new Map<Wallet, Unsubscribe>()
  /** Each wallet's connectors, kept while its chains and features stay the same. */
  const built = new Map<Wallet, NamespaceConnector[]>()

  const connectorsOf = (wallet: Wallet): NamespaceConnector[] =>
    [
      ...(solanaNetworks.length > 0 && isSolanaWallet(wallet)
        ? [solanaWalletConnector(wallet, solanaNetworks)]
        : []),
      ...(bitcoinNetworks.length > 0 && isBitcoinWallet(wallet)
        ? [bitcoinWalletConnector(wallet, bitcoinNetworks)]
        : []),
    ].filter((connector) => connector.caipNetworkIds.length > 0)

  const update = () => {
    const wallets = parameters.wallets.get()
    for (const [wallet, stop] of walletWatches)
      if (!wallets.includes(wallet)) {
        stop()
        walletWatches.delete(wallet)
        built.delete(wallet)
      }
    for (const wallet of wallets) {
      if (walletWatches.has(wallet)) continue
      const events = (wallet.features as Record<string, unknown>)['standard:events'] as
        | {
            on(
              event: 'change',
              listener: (properties: Record<string, unknown>) => void,
            ): Unsubscribe
          }
        | undefined
      walletWatches.set(
        wallet,
        events?.on('change', (properties) => {
          if (!properties.chains && !properties.features) return
          built.delete(wallet)
          update()
        }) ?? (() => {}),
      )
    }
    parameters.onChange(
      wallets.flatMap((wallet) => {
        const connectors = built.get(wallet) ?? connectorsOf(wallet)
        built.set(wallet, connectors)
        return connectors
      }),
    )
  }

  const stops = [
    parameters.wallets.on('register', update),
    parameters.wallets.on('unregister', update),
  ]
  update()
  return () => {
    for (const stop of [...stops, ...walletWatches.values()]) stop()
    walletWatches.clear()
    built.clear()
  }
}
