import { devnetWalletIcon } from './devnetWalletIcon.ts'

/** The Devnet Wallet's icon as the Wallet Standard wants it (`data:image/svg+xml;base64,`). */
export const walletStandardIcon = `data:image/svg+xml;base64,${btoa(
  decodeURIComponent(devnetWalletIcon.slice('data:image/svg+xml,'.length)),
)}` as const

/** The name the Solana and Bitcoin devnet wallets register with (Wallet Standard). */
export const walletStandardName = 'Latch Devnet Wallet'
