import { type LatchWebConfig, parseLatchWebConfig } from '@latch/core'
import { LatchProvider, loadLocaleMessages, pickLocale } from '@latch/react'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.tsx'
import { ConfigAlert } from './ConfigAlert.tsx'
import { createAppConfig } from './createAppConfig.ts'
import './app.css'

declare global {
  interface Window {
    /** Set by /latch-config.js, which the server generates from its runtime config. */
    __LATCH_CONFIG__?: unknown
  }
}

function readWebConfig(): { ok: true; config: LatchWebConfig } | { ok: false; error: unknown } {
  try {
    return { ok: true, config: parseLatchWebConfig(window.__LATCH_CONFIG__) }
  } catch (error) {
    return { ok: false, error }
  }
}

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element.')
const root = createRoot(container)
const result = readWebConfig()
// The page's language table first (only English is built in), so nothing flashes in English.
await loadLocaleMessages(
  pickLocale(navigator.languages, result.ok ? result.config.locale : undefined),
).catch(() => {})

if (!result.ok) {
  root.render(<ConfigAlert error={result.error} />)
} else {
  const webConfig = result.config
  const config = createAppConfig(webConfig, window)
  const { devnetWallet } = webConfig
  // Only a devnet config loads the Devnet Wallet's code; real deployments never fetch it.
  if (devnetWallet)
    void import('./devnetWallet/startDevnetWallet.ts').then(({ startDevnetWallet }) =>
      startDevnetWallet({ wallet: devnetWallet, networks: webConfig.networks, window }),
    )
  root.render(
    <StrictMode>
      <LatchProvider config={config}>
        <App appName={webConfig.appName} devnet={Boolean(devnetWallet)} />
      </LatchProvider>
    </StrictMode>,
  )
}
