/**
 * Every string a person reads, in English: the one message table (spec section 8 wording
 * where the spec has it). Other locales must define every key (checked by the type system).
 * Placeholders are written `{name}`.
 */
export const en = {
  'connect.button': 'Connect Wallet',
  'connect.title': 'Connect Wallet',
  'modal.close': 'Close',
  'modal.loading': 'Loading…',
  'modal.back': 'Back',
  'connecting.continueIn': 'Continue in {wallet}',
  'connecting.declinedTitle': 'Connection declined',
  'connecting.failedTitle': 'Connection failed',
  'connecting.incomplete': 'The connection did not complete.',
  'connecting.tryAgain': 'Try again',
  'walletConnect.copyLink': 'Copy link',
  'walletConnect.linkCopied': 'Link copied.',
  'walletConnect.qrLabel': 'WalletConnect QR code',
  'connect.walletsLabel': 'Wallets',
  'connect.tagRecent': 'Recent',
  'connect.tagInstalled': 'Installed',
  'connect.tagQrCode': 'QR code',
  'connect.loadingWallets': 'Loading wallets…',
  'connect.connecting': 'Connecting to {wallet}',
  'connect.connected': 'Connected',
  'connecting.acceptRequest': 'Accept the connection request in the wallet.',
  'allWallets.title': 'All Wallets',
  'allWallets.search': 'Search wallet',
  'allWallets.listLabel': 'Wallets',
  'allWallets.empty': 'No wallet found',
  'allWallets.loadFailed': "Couldn't load the wallet list.",
  'allWallets.results': 'Wallets found: {count}',
  'walletConnect.title': 'WalletConnect',
  'walletConnect.scanTitle': 'Scan with your phone',
  'walletConnect.scanText': 'Open a wallet app that supports WalletConnect and scan this code.',
  'walletConnect.scanWith': 'Scan with {wallet}',
  'walletConnect.scanWithText': 'Open {wallet} on your phone and scan this code to connect.',
  'walletConnect.openOnPhone':
    'Open {wallet} on this phone to connect, or scan the code from another device.',
  'walletConnect.preparing': 'Preparing QR code…',
  'walletConnect.open': 'Open {wallet}',
  'walletConnect.openInBrowser': 'Open in browser',
  'walletConnect.relayUnavailableTitle': "Can't reach the WalletConnect relay",
  'walletConnect.relayUnavailableText':
    'The QR code cannot connect until the relay answers. Check your connection and try again.',
  'walletConnect.noWallet': "Don't have a wallet?",
  'walletConnect.getWallet': 'Get one',
  'error.userRejected': 'Connection declined in the wallet.',
  'error.tokenBalanceUnavailable': 'Token Balance Unavailable',
  'error.projectIdNotConfigured': 'Project ID Not Configured',
  'error.invalidAppConfiguration': 'Invalid App Configuration',
  'error.failedToDisconnect': 'Failed to disconnect',
  'error.chainNotSupported': 'Chain is not supported',
  'error.generic': 'Something went wrong',
  'account.title': 'Account',
  'account.connected': 'Connected',
  'account.connectedWith': 'Connected with {wallet}',
  'account.balance': 'Balance',
  'account.balanceLoading': 'Loading balance…',
  'account.retry': 'Retry',
  'account.retryIn': 'Retry in {seconds} s',
  'account.network': 'Network',
  'account.switchNetwork': 'Switch network',
  'account.unknownNetwork': 'Chain {chainId}',
  'account.copyAddress': 'Copy address',
  'account.addressCopied': 'Address copied.',
  'account.disconnect': 'Disconnect',
  'networks.title': 'Choose Network',
  'networks.listLabel': 'Available networks',
  'networks.testnet': 'Testnet',
  'networks.devnet': 'Devnet',
  'networks.approveInWallet': 'Approve in wallet',
  'networks.declined': 'Network switch declined in the wallet.',
  'networks.switched': 'Switched to {network}',
  'unsupportedChain.title': 'Switch Network',
  'unsupportedChain.text':
    "This app doesn't support your current network. Switch to an available option to continue.",
  'toasts.label': 'Notifications',
  'toasts.dismiss': 'Dismiss',
  'error.switchChainFailed':
    'Failed to switch to chain eip155:{chainId}. The chain is not approved or the wallet does not support wallet_switchEthereumChain method.',
  'error.networkNotFound': 'Network not found',
  'error.signatureDeclined': 'Signature declined',
  'error.requestAborted': 'Request was aborted',
  'alert.networkNotFound.title': 'Network Not Found',
  'alert.networkNotFound.text':
    'The requested network is not one of the networks this app is configured with.',
  'alert.originNotAllowed.text':
    "This site's origin is not on the project's allowlist. Add it to the project's allowed origins.",
  'alert.unverifiedDomain.text':
    'This domain is not verified for the project. Verify it in the project settings.',
  'alert.invalidProjectId.text':
    'The project ID is not valid. Check the project ID this app is configured with.',
  'alert.invalidConfig.text':
    'The runtime configuration (/latch-config.js) is missing or malformed.',
  'alert.projectIdNotConfigured.text':
    'This deployment has no project ID. Set LATCH_PROJECT_ID for the web server, or start the local devnet with npm start.',
  'alert.embeddedWalletLoadFailed.title': 'Network Error - Could not load embedded wallet',
  'alert.embeddedWalletLoadFailed.text':
    'The embedded wallet did not load. Check your connection and try again.',
  'alert.embeddedWalletTimeout.title': 'Embedded Wallet Request Timed Out',
  'alert.embeddedWalletTimeout.text': 'The embedded wallet did not answer in time. Try again.',
  'alert.sessionExpired.title': 'Session Expired',
  'alert.sessionExpired.text':
    "Your session is no longer valid. Check that your device's date and time are correct, then reconnect.",
  'app.title': 'Your wallet, on the web',
  'app.lead': 'Connect a browser wallet or a wallet on your phone to see your account and balance.',
  'app.devnetBadge': 'Devnet',
  'app.accountTitle': 'Your account',
} as const

export type MessageKey = keyof typeof en
/** A locale's table: every key of the English table, translated. */
export type Messages = { readonly [K in MessageKey]: string }
