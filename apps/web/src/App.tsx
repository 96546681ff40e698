import {
  ConnectedAccount,
  ConnectModalHost,
  ConnectWallet,
  LatchTheme,
  loadAccountPanel,
  SignInGate,
  Toasts,
  useAccount,
  useMessages,
  useUnsupportedChainWatcher,
} from '@latch/react'
import { useEffect } from 'react'
import { useDocumentLocale } from './useDocumentLocale.ts'

export type AppProps = {
  appName: string
  /** Shows a "Devnet" badge: the app runs against local test chains. */
  devnet: boolean
}

/** The one screen: connect a wallet, then see its account (balances, NFTs, activity). */
export function App(props: AppProps) {
  return (
    <LatchTheme className="app">
      <AppScreen {...props} />
    </LatchTheme>
  )
}

function AppScreen(props: AppProps) {
  const { status } = useAccount()
  const { t } = useMessages()
  useDocumentLocale()
  useUnsupportedChainWatcher()
  // The account panel's code loads while a connection is under way (or being restored), so
  // it is there when the connection completes; a page nobody connects on never loads it.
  useEffect(() => {
    if (status !== 'disconnected') void loadAccountPanel().catch(() => {})
  }, [status])
  return (
    <>
      <header className="app__header">
        <span className="app__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {props.appName}
        </span>
        {props.devnet ? <span className="app__badge">{t('app.devnetBadge')}</span> : null}
      </header>
      <main className="app__main">
        <div className={status === 'connected' ? 'app__card app__card--account' : 'app__card'}>
          {status === 'connected' ? (
            <>
              <h1 className="latch-visually-hidden">{t('app.accountTitle')}</h1>
              {/* With LATCH_REQUIRE_SIGN_IN, the account shows once the wallet has signed in. */}
              <SignInGate>
                <ConnectedAccount />
              </SignInGate>
            </>
          ) : (
            <div className="app__welcome">
              <h1 className="app__title">{t('app.title')}</h1>
              <p className="app__lead">{t('app.lead')}</p>
              <ConnectWallet />
            </div>
          )}
        </div>
      </main>
      <Toasts />
      <ConnectModalHost />
    </>
  )
}
