import { ConnectedAccount, ConnectModalHost, ConnectWallet, useAccount } from '@latch/react'

export type AppProps = {
  appName: string
  /** Shows a "Devnet" badge: the app runs against local test chains. */
  devnet: boolean
}

/** The one screen of this slice: connect a wallet, then see its account. */
export function App(props: AppProps) {
  const { status } = useAccount()
  return (
    <div className="app">
      <header className="app__header">
        <span className="app__brand">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {props.appName}
        </span>
        {props.devnet ? <span className="app__badge">Devnet</span> : null}
      </header>
      <main className="app__main">
        <div className="app__card">
          {status === 'connected' ? (
            <ConnectedAccount />
          ) : (
            <div className="app__welcome">
              <h1 className="app__title">Your wallet, on the web</h1>
              <p className="app__lead">
                Connect a browser wallet or a wallet on your phone to see your account and balance.
              </p>
              <ConnectWallet />
            </div>
          )}
        </div>
      </main>
      <ConnectModalHost />
    </div>
  )
}
