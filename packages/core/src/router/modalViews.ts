/**
 * Every view the connect modal can show: the modal views of spec section 2 (Connect to
 * ApproveTransaction), then Latch's own (Networks, Send, Receive, Sessions), then the
 * embedded wallet's email views (sign-in code, device approval, email change) and its social
 * sign-in's pending view (ConnectingSocial; Farcaster's is the spec's ConnectingFarcaster). `@latch/react`'s
 * route table maps each one (`modalRoutes`, checked by the type system and a test).
 */
export const modalViews = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnectBasic',
  'ConnectingWalletConnect',
  'ConnectingExternal',
  'ConnectingSiwe',
  'ConnectingFarcaster',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'SIWXSignMessage',
  'ApproveTransaction',
  'Networks',
  'Send',
  'Receive',
  'Sessions',
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmailWallet',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
  'ConnectingSocial',
  'Swap',
  'SwapSelectToken',
  'Buy',
] as const

/** A modal view's name. */
export type ModalView = (typeof modalViews)[number]
