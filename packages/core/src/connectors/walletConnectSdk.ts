// The WalletConnect SDK behind one module, so it loads as one lazy chunk named after it.
export { Core } from '@walletconnect/core'
export { UniversalProvider } from '@walletconnect/universal-provider'
