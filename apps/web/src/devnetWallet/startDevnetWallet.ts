import { type LatchWebConfig, parseDevnetWalletConfig } from '@latch/core'
import { registerWallet } from '@wallet-standard/wallet'
import { createBitcoinDevnetWallet } from './bitcoin/createBitcoinDevnetWallet.ts'
import type { Described } from './createConfirmDialog.ts'
import { createLazyDevnetWalletProvider } from './createLazyDevnetWalletProvider.ts'
import { devnetWalletIcon } from './devnetWalletIcon.ts'
import { createSolanaDevnetWallet } from './solana/createSolanaDevnetWallet.ts'

/** The Devnet Wallet's EIP-6963 identity. */
export const devnetWalletInfo = {
  name: 'Devnet Wallet',
  rdns: 'dev.latch.devnet-wallet',
  icon: devnetWalletIcon,
} as const

/** The signing code and the confirmation dialog: loaded by the first request, not before. */
const loadSigning = () => import('./loadDevnetWalletSigning.ts')

/**
 * Starts the in-page Devnet Wallet and announces it through EIP-6963 (now, and whenever a
 * dapp asks), and the Solana and Bitcoin devnet wallets through the Wallet Standard when the
 * config has them: each with its name and icon only, its signing code (viem, @solana/kit,
 * bitcoinjs-lib) and the confirmation dialog loading on its first request. Loaded only when
 * the runtime config has `devnetWallet`, whose fields are checked here (a wrong one throws an
 * `InvalidConfigError` naming it). Returns a stop function.
 */
export function startDevnetWallet(input: {
  wallet: NonNullable<LatchWebConfig['devnetWallet']>
  networks: LatchWebConfig['networks']
  window: Window
}): () => void {
  const options = { ...input, wallet: parseDevnetWalletConfig(input.wallet, input.networks) }
  const { window } = options
  const provider = createLazyDevnetWalletProvider((emit) =>
    loadSigning().then(({ createDevnetWalletSigner }) =>
      createDevnetWalletSigner({ ...options, emit }),
    ),
  )
  const detail = Object.freeze({
    info: Object.freeze({ uuid: window.crypto.randomUUID(), ...devnetWalletInfo }),
    provider,
  })
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail }))
  window.addEventListener('eip6963:requestProvider', announce)
  announce()
  // The Solana and Bitcoin devnet wallets (Wallet Standard): a name, an icon and their
  // features now; their signing code (@solana/kit, bitcoinjs-lib) on the first request.
  const shared = {
    confirm: (described: Described) =>
      loadSigning().then(({ getConfirmDialog }) =>
        getConfirmDialog(window.document).confirmDescribed(described),
      ),
    origin: window.location.host,
    storage: window.localStorage,
  }
  // (The Wallet Standard has no unregistering: they stay until the page goes.)
  if (options.wallet.solana)
    registerWallet(createSolanaDevnetWallet({ config: options.wallet.solana, ...shared }))
  if (options.wallet.bitcoin)
    registerWallet(createBitcoinDevnetWallet({ config: options.wallet.bitcoin, ...shared }))
  return () => window.removeEventListener('eip6963:requestProvider', announce)
}
