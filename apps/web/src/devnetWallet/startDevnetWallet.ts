import type { LatchWebConfig } from '@latch/core'
import { createConfirmDialog } from './createConfirmDialog.ts'
import { createDevnetWalletProvider } from './createDevnetWalletProvider.ts'
import { devnetWalletIcon } from './devnetWalletIcon.ts'

/** The Devnet Wallet's EIP-6963 identity. */
export const devnetWalletInfo = {
  name: 'Devnet Wallet',
  rdns: 'dev.latch.devnet-wallet',
  icon: devnetWalletIcon,
} as const

/**
 * Starts the in-page Devnet Wallet and announces it through EIP-6963 (now, and whenever a
 * dapp asks). Loaded only when the runtime config has `devnetWallet`. Returns a stop function.
 */
export function startDevnetWallet(options: {
  wallet: NonNullable<LatchWebConfig['devnetWallet']>
  networks: LatchWebConfig['networks']
  window: Window
}): () => void {
  const { window } = options
  const dialog = createConfirmDialog({ document: window.document, icon: devnetWalletIcon })
  const provider = createDevnetWalletProvider({
    privateKey: options.wallet.privateKey,
    // The wallet talks to its own node (the devnet's anvil), as a real wallet does; the app
    // reads through the API's endpoint.
    networks: options.networks
      .filter((network) => options.wallet.chainIds.includes(network.id))
      .map((network) => ({
        ...network,
        rpcUrl: options.wallet.rpcUrls?.[String(network.id)] ?? network.rpcUrl,
        ...options.wallet.chains?.[String(network.id)],
      })),
    confirm: dialog.confirm,
    origin: window.location.host,
  })
  const detail = Object.freeze({
    info: Object.freeze({ uuid: window.crypto.randomUUID(), ...devnetWalletInfo }),
    provider,
  })
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => window.removeEventListener('eip6963:requestProvider', announce)
}
