import type {
  Connector,
  LatchNamespace,
  ModalRoute,
  ModalView,
  NamespaceConnector,
} from '@latch/core'
import type { ReactNode } from 'react'
import { ConnectedAccount } from '../account/ConnectedAccount.tsx'
import {
  emailVerifyDeviceRoute,
  emailVerifyOtpRoute,
  updateEmailPrimaryOtpRoute,
  updateEmailRoute,
  updateEmailSecondaryOtpRoute,
} from '../email/emailRoutes.ts'
import type { Translate } from '../errors/getErrorMessage.ts'
import type { UseConnectFlowReturnType } from '../hooks/useConnectFlow.ts'
import {
  registerAccountNameRoute,
  registerAccountNameSuccessRoute,
} from '../names/registerAccountNameRoutes.ts'
import { buyRoute } from '../onramp/buyRoute.ts'
import { receiveRoute } from '../receive/receiveRoute.ts'
import { sendRoute } from '../send/sendRoute.ts'
import { sessionsRoute, signInRoute } from '../siwe/signInRoutes.ts'
import { socialProviderNames } from '../social/socialProviderNames.ts'
import { connectingFarcasterRoute, connectingSocialRoute } from '../social/socialRoutes.ts'
import { swapRoute, swapTokenPickerRoute } from '../swaps/swapRoutes.ts'
import { approveTransactionRoute } from '../transaction/approveTransactionRoute.ts'
import { LazyView } from '../transaction/LazyView.tsx'
import { ConnectingExternal } from './ConnectingExternal.tsx'
import { ConnectRoute } from './ConnectRoute.tsx'
import { getWalletOpenLinks } from './deepLink.ts'
import type { AttemptState } from './getAttemptState.ts'
import {
  allWalletsRoute,
  connectingWalletConnectBasicRoute,
  connectingWalletConnectRoute,
  networksRoute,
  unsupportedChainRoute,
} from './lazyConnectRoutes.ts'

/** What a view needs from the modal container to render. */
export type ModalViewContext = {
  t: Translate
  flow: UseConnectFlowReturnType
  route: ModalRoute
  /** The connector the route is about (Connecting views; a Solana or Bitcoin wallet's too). */
  connector: Connector | NamespaceConnector | undefined
  /** The wallet a Connecting view is about: the listing's name, else the connector's. */
  walletName: string
  pairingUri: string | undefined
  attempt: AttemptState
  /** The failed attempt's message, in the person's language. */
  errorMessage: string | undefined
  isPhone: boolean
  clipboard: { copy(text: string): void; copied: boolean }
  /** Opens AllWallets, when the app shows it. */
  onGetWallet: (() => void) | undefined
}

export type ModalRouteEntry =
  | {
      status: 'routable'
      /** The modal's heading. */
      title(context: ModalViewContext): string
      render(context: ModalViewContext): ReactNode
      /** Whether the header offers Back (default true, when there is a view to go back to). */
      back?: boolean
    }
  | {
      status: 'notYetRoutable'
      /** Why it cannot show yet; the view says "not available" and offers Back. */
      reason: string
    }

/**
 * THE modal's route table: every view (core's `modalViews`: spec section 2 and Latch's own)
 * to its title and component. Exhaustive by type (`Record<ModalView, ...>`) and by
 * test; a view that cannot show yet is listed as `notYetRoutable` with the reason.
 */
export const modalRoutes: Record<ModalView, ModalRouteEntry> = {
  Connect: {
    status: 'routable',
    title: ({ t }) => t('connect.title'),
    render: ({ flow, route }) => (
      <ConnectRoute
        namespace={namespaceOfRoute(route)}
        onSelect={flow.select}
        onAllWallets={() => flow.push({ view: 'AllWallets' })}
        onEmailNext={flow.push}
      />
    ),
  },
  Account: {
    status: 'routable',
    title: ({ t }) => t('account.title'),
    render: () => <ConnectedAccount placement="modal" />,
  },
  AllWallets: {
    status: 'routable',
    title: ({ t }) => t('allWallets.title'),
    render: ({ flow }) => <LazyView view={allWalletsRoute} props={{ onSelect: flow.select }} />,
  },
  ConnectingWalletConnectBasic: {
    status: 'routable',
    title: ({ t }) => t('walletConnect.title'),
    render: (c) => (
      <LazyView
        view={connectingWalletConnectBasicRoute}
        props={{
          uri: c.pairingUri,
          state: c.attempt,
          errorMessage: c.errorMessage,
          onRetry: c.flow.retry,
          onCopy: c.clipboard.copy,
          copied: c.clipboard.copied,
          onGetWallet: c.onGetWallet,
        }}
      />
    ),
  },
  ConnectingWalletConnect: {
    status: 'routable',
    title: ({ walletName }) => walletName,
    render: (c) => (
      <LazyView
        view={connectingWalletConnectRoute}
        props={{
          walletName: c.walletName,
          walletIcon: c.route.wallet?.icon,
          uri: c.pairingUri,
          state: c.attempt,
          errorMessage: c.errorMessage,
          isPhone: c.isPhone,
          links: getWalletOpenLinks(c.route.wallet ?? {}, c.pairingUri, c.isPhone),
          onRetry: c.flow.retry,
          onCopy: c.clipboard.copy,
          copied: c.clipboard.copied,
        }}
      />
    ),
  },
  ConnectingExternal: {
    status: 'routable',
    title: ({ walletName }) => walletName,
    render: (c) => (
      <ConnectingExternal
        walletName={c.walletName}
        // The wallet's own announced icon; the registry's is a fallback.
        walletIcon={c.connector?.icon || c.route.wallet?.icon}
        state={c.attempt}
        errorMessage={c.errorMessage}
        onRetry={c.flow.retry}
      />
    ),
  },
  // Connect and sign in as one step (sign-in required: the connect flow goes on to it), with
  // the app's name and icon, Sign / Cancel. It ends by signing in or cancelling (which
  // disconnects), not by going back.
  ConnectingSiwe: {
    status: 'routable',
    back: false,
    title: ({ t }) => t('signIn.title'),
    render: () => <LazyView view={signInRoute} />,
  },
  // Sign In With Farcaster: Back while no account is active clears the URL and reloads the
  // auth connector 100 ms later (the router's rule, wired in LatchProvider).
  ConnectingFarcaster: {
    status: 'routable',
    title: ({ t }) => t('farcaster.title'),
    render: (c) => (
      <LazyView
        view={connectingFarcasterRoute}
        props={{ onCopy: c.clipboard.copy, copied: c.clipboard.copied }}
      />
    ),
  },
  UnsupportedChain: {
    status: 'routable',
    title: ({ t }) => t('unsupportedChain.title'),
    render: () => <LazyView view={unsupportedChainRoute} />,
  },
  // Names, sign-in and sessions load their own chunks when first shown.
  RegisterAccountName: {
    status: 'routable',
    title: ({ t }) => t('names.title'),
    render: () => <LazyView view={registerAccountNameRoute} />,
  },
  RegisterAccountNameSuccess: {
    status: 'routable',
    title: ({ t }) => t('names.successTitle'),
    render: () => <LazyView view={registerAccountNameSuccessRoute} />,
  },
  SIWXSignMessage: {
    status: 'routable',
    back: false,
    title: ({ t }) => t('signIn.title'),
    render: () => <LazyView view={signInRoute} />,
  },
  // The transaction flow leaves ApproveTransaction itself, when the wallet has answered.
  // Send, Receive and ApproveTransaction: one chunk, loaded when one is first shown.
  ApproveTransaction: {
    status: 'routable',
    back: false,
    title: ({ t }) => t('transaction.title'),
    render: () => <LazyView view={approveTransactionRoute} />,
  },
  Networks: {
    status: 'routable',
    title: ({ t }) => t('networks.title'),
    render: () => <LazyView view={networksRoute} />,
  },
  Send: {
    status: 'routable',
    title: ({ t }) => t('account.feature.send'),
    render: () => <LazyView view={sendRoute} />,
  },
  Receive: {
    status: 'routable',
    title: ({ t }) => t('account.feature.receive'),
    render: () => <LazyView view={receiveRoute} />,
  },
  Sessions: {
    status: 'routable',
    title: ({ t }) => t('account.sessions'),
    render: () => <LazyView view={sessionsRoute} />,
  },
  // The embedded wallet's email views: one chunk each, loaded on the first intent to use email.
  EmailVerifyOtp: {
    status: 'routable',
    title: ({ t }) => t('emailOtp.title'),
    render: () => <LazyView view={emailVerifyOtpRoute} />,
  },
  EmailVerifyDevice: {
    status: 'routable',
    title: ({ t }) => t('emailDevice.title'),
    render: () => <LazyView view={emailVerifyDeviceRoute} />,
  },
  UpdateEmailWallet: {
    status: 'routable',
    title: ({ t }) => t('updateEmail.title'),
    render: () => <LazyView view={updateEmailRoute} />,
  },
  UpdateEmailPrimaryOtp: {
    status: 'routable',
    title: ({ t }) => t('updateEmail.primaryTitle'),
    render: () => <LazyView view={updateEmailPrimaryOtpRoute} />,
  },
  UpdateEmailSecondaryOtp: {
    status: 'routable',
    title: ({ t }) => t('updateEmail.secondaryTitle'),
    render: () => <LazyView view={updateEmailSecondaryOtpRoute} />,
  },
  // A social sign-in in its popup (or coming back from a redirect); Cancel goes back.
  ConnectingSocial: {
    status: 'routable',
    title: ({ t, route }) =>
      t('social.title', { provider: socialProviderNames[route.socialProvider ?? 'google'] }),
    render: (c) => <LazyView view={connectingSocialRoute} props={{ onCancel: c.flow.back }} />,
  },
  // Swap and its token picker: one chunk, loaded when Swap is first opened.
  Swap: {
    status: 'routable',
    title: ({ t }) => t('account.feature.swaps'),
    render: () => <LazyView view={swapRoute} />,
  },
  SwapSelectToken: {
    status: 'routable',
    title: ({ t }) => t('swaps.selectToken'),
    render: () => <LazyView view={swapTokenPickerRoute} />,
  },
  // Buy (the on-ramp): its own chunk, loaded when Buy is first opened.
  Buy: {
    status: 'routable',
    title: ({ t }) => t('account.feature.onramp'),
    render: () => <LazyView view={buyRoute} />,
  },
}

/** The namespace a Connect view was opened for (its route's network), if any. */
function namespaceOfRoute(route: ModalRoute): LatchNamespace | undefined {
  const namespace = route.caipNetworkId?.split(':')[0]
  return namespace === 'eip155' || namespace === 'solana' || namespace === 'bip122'
    ? namespace
    : undefined
}
