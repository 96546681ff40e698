import type { LatchWebConfig, parseDevnetWalletConfig } from '@latch/core'
import { createConfirmDialog } from './createConfirmDialog.ts'
import { createDevnetWalletProvider } from './createDevnetWalletProvider.ts'
import { devnetWalletIcon } from './devnetWalletIcon.ts'

/** The dialog that asks the person before every signature; one per page. */
let dialog: ReturnType<typeof createConfirmDialog> | undefined

/**
 * The Devnet Wallet's confirmation dialog (and its stylesheet), loaded with the first request
 * of any of its wallets (EVM, Solana, Bitcoin).
 */
export function getConfirmDialog(document: Document): ReturnType<typeof createConfirmDialog> {
  dialog ??= createConfirmDialog({ document, icon: devnetWalletIcon })
  return dialog
}

/**
 * The EVM Devnet Wallet's signing provider (viem over the devnet's nodes), created on its first
 * request. `wallet` has been checked by `parseDevnetWalletConfig`.
 */
export function createDevnetWalletSigner(options: {
  wallet: ReturnType<typeof parseDevnetWalletConfig>
  networks: LatchWebConfig['networks']
  window: Window
  /** The announced provider's listeners (createLazyDevnetWalletProvider). */
  emit(event: string, ...args: unknown[]): void
}) {
  const { wallet, window } = options
  return createDevnetWalletProvider({
    privateKey: wallet.privateKey,
    // The wallet talks to its own node (the devnet's anvil), as a real wallet does; the app
    // reads through the API's endpoint.
    networks: options.networks
      .filter((network) => wallet.chainIds.includes(network.id))
      .map((network) => ({
        ...network,
        rpcUrl: wallet.rpcUrls?.[String(network.id)] ?? network.rpcUrl,
        ...wallet.chains?.[String(network.id)],
      })),
    confirm: getConfirmDialog(window.document).confirm,
    origin: window.location.host,
    emit: options.emit,
  })
}
