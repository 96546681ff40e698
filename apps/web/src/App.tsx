import {
  ConnectedAccount,
  ConnectModalHost,
  ConnectWallet,
  LatchTheme,
  Toasts,
  useAccount,
  useMessages,
  useUnsupportedChainWatcher,
} from '@latch/react'
import { useDocumentLocale } from './useDocumentLocale.ts'

export type AppProps = {
  appName: string
  /** Shows a "Devnet" badge: the app runs against local test chains. */
  devnet: boolean
}

/** The one screen of this slice: connect a wallet, then see its account. */
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
        <div className="app__card">
          {status === 'connected' ? (
            <>
              <h1 className="latch-visually-hidden">{t('app.accountTitle')}</h1>
              <ConnectedAccount />
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
