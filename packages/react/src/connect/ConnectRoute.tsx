import type { LatchNamespace, ModalRoute } from '@latch/core'
import { useMemo } from 'react'
import { EmailSignIn } from '../email/EmailSignIn.tsx'
import { useConfig } from '../hooks/useConfig.ts'
import { useLatchState } from '../hooks/useLatchState.ts'
import { useMessages } from '../hooks/useMessages.ts'
import { useRecommendedWallets } from '../hooks/useRecommendedWallets.ts'
import { SocialSignIn } from '../social/SocialSignIn.tsx'
import { useSocialSignIn } from '../social/useSocialSignIn.ts'
import { ConnectView } from './ConnectView.tsx'
import { getConnectMethods } from './getConnectMethods.ts'
import { type ConnectTarget, getConnectWallets } from './getConnectWallets.ts'
import { getNamespaceWallets } from './getNamespaceWallets.ts'
import { namespaceNames } from './WalletList.tsx'

export type ConnectRouteProps = {
  onSelect(target: ConnectTarget): void
  onAllWallets(): void
  /** After the email method sent its code: the next view (EmailVerifyOtp or EmailVerifyDevice). */
  onEmailNext?: ((route: ModalRoute) => void) | undefined
  /**
   * Opened for a network of this namespace (the Networks view, no wallet of it connected):
   * only its wallets; Solana and Bitcoin wallets connect through the Wallet Standard alone.
   */
  namespace?: LatchNamespace | undefined
}

/** This tab's agreement to the legal checkbox survives going to All Wallets and back. */
const legalAcceptedKey = 'latch:legalAccepted'

function readLegalAccepted(): boolean {
  try {
    return window.sessionStorage.getItem(legalAcceptedKey) === '1'
  } catch {
    return false // Storage blocked: ask again.
  }
}

function writeLegalAccepted(accepted: boolean): void {
  try {
    if (accepted) window.sessionStorage.setItem(legalAcceptedKey, '1')
    else window.sessionStorage.removeItem(legalAcceptedKey)
  } catch {
    // Storage blocked: the checkbox is asked again next time.
  }
}

/**
 * The Connect view wired up: the configured connect methods (email, the social buttons), then recent, installed and
 * recommended wallets (the registry's, while it loads or if it fails: installed wallets and
 * WalletConnect only) and "All Wallets" with the registry's count. With `collapseWallets`
 * only the WalletConnect entry and "All Wallets"; with `legalCheckbox` the checkbox first.
 */
export function ConnectRoute(props: ConnectRouteProps) {
  const { options } = useConfig()
  const { t } = useMessages()
  const { connectors, recentWallets, namespaceConnectors, namespaces } = useLatchState()
  const registry = useRecommendedWallets()
  const listings = registry.data?.listings
  const filter =
    props.namespace === 'solana' || props.namespace === 'bip122' ? props.namespace : undefined
  const wallets = useMemo(() => {
    const namespaceWallets = getNamespaceWallets({
      connectors,
      namespaceConnectors,
      namespace: filter,
      connected: Object.keys(namespaces) as LatchNamespace[],
    })
    if (filter) return namespaceWallets.items
    return getConnectWallets({
      recent: recentWallets,
      connectors,
      recommended: listings ?? [],
      collapse: options.features.collapseWallets,
      namespaceWallets,
    })
  }, [
    recentWallets,
    connectors,
    namespaceConnectors,
    namespaces,
    filter,
    listings,
    options.features.collapseWallets,
  ])
  const hasWalletConnect = connectors.some((connector) => connector.type === 'WALLET_CONNECT')
  // Email sign-in needs the embedded wallet's connector (an auth site configured).
  const hasEmail =
    options.features.email && connectors.some((connector) => connector.type === 'AUTH')
  // The app's socials that the embedded wallet's auth backend offers.
  const social = useSocialSignIn()
  const methods = filter
    ? (['wallet'] as const)
    : getConnectMethods(options.connectMethodsOrder, {
        email: hasEmail,
        social: social.providers.length > 0,
      })
  const namespaceName = filter ? namespaceNames[filter] : ''
  return (
    <ConnectView
      intro={
        filter
          ? wallets.length > 0
            ? t('connect.namespaceIntro', { namespace: namespaceName })
            : t('connect.namespaceNone', { namespace: namespaceName })
          : undefined
      }
      methods={methods}
      email={
        hasEmail ? (
          // Not focused by itself: on a phone that would open the keyboard over the wallets.
          <EmailSignIn onNext={(route) => props.onEmailNext?.(route)} />
        ) : undefined
      }
      social={(disabled) => <SocialSignIn signIn={social} disabled={disabled} />}
      wallets={wallets}
      loadingWallets={
        !filter && hasWalletConnect && registry.isPending && !options.features.collapseWallets
      }
      allWallets={
        !filter && options.features.allWallets && hasWalletConnect
          ? { count: registry.data?.count }
          : undefined
      }
      legal={
        options.features.legalCheckbox
          ? { termsUrl: options.termsConditionsUrl, privacyUrl: options.privacyPolicyUrl }
          : undefined
      }
      // Read only with the checkbox: the first sessionStorage access costs the click's frame.
      legalAccepted={options.features.legalCheckbox ? readLegalAccepted() : undefined}
      onLegalAcceptedChange={writeLegalAccepted}
      onSelect={(wallet) => props.onSelect(wallet.target)}
      onAllWallets={props.onAllWallets}
    />
  )
}
