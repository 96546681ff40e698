import type { LatchConfig, ModalRouter } from '@latch/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LatchContext } from '../context.ts'
import { en } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'
import { ConnectView, type ConnectViewProps } from './ConnectView.tsx'
import type { ConnectWalletItem } from './getConnectWallets.ts'

const wallet = (name: string, tag: ConnectWalletItem['tag']): ConnectWalletItem => ({
  key: `connector:${name}`,
  name,
  icon: undefined,
  tag,
  target: { type: 'connector', connectorId: name },
})

function render(props: Partial<ConnectViewProps>): string {
  const value = {
    config: {} as LatchConfig,
    modal: {} as ModalRouter,
    i18n: {
      locale: 'en' as const,
      dir: 'ltr' as const,
      t: (key, values) => translate(en, key, values),
    },
    queryClient: { current: undefined },
  } satisfies React.ComponentProps<typeof LatchContext.Provider>['value']
  return renderToStaticMarkup(
    <LatchContext.Provider value={value}>
      <ConnectView
        methods={['wallet']}
        wallets={[wallet('Test Wallet', 'installed'), wallet('WalletConnect', 'qrCode')]}
        loadingWallets={false}
        allWallets={{ count: 43 }}
        onSelect={() => {}}
        onAllWallets={() => {}}
        {...props}
      />
    </LatchContext.Provider>,
  )
}

/** The wallet buttons (rows and All Wallets), each as its opening tag. */
const walletButtons = (html: string) =>
  html.match(/<button[^>]*class="latch-wallet[^"]*"[^>]*>/g) ?? []

describe('ConnectView legal checkbox', () => {
  it('without it: no checkbox, every wallet button enabled', () => {
    const html = render({})
    expect(html).not.toContain('type="checkbox"')
    expect(walletButtons(html)).toHaveLength(3)
    for (const button of walletButtons(html)) expect(button).not.toContain('disabled')
  })

  it('with it: the checkbox, both links, and every wallet button disabled until checked', () => {
    const html = render({
      legal: { termsUrl: 'https://shop.example/terms', privacyUrl: 'https://shop.example/privacy' },
    })
    expect(html).toContain('type="checkbox"')
    expect(html).toContain('I agree to the Terms of Service and the Privacy Policy')
    expect(html).toContain(
      '<a href="https://shop.example/terms" target="_blank" rel="noopener noreferrer">Terms of Service</a>',
    )
    expect(html).toContain(
      '<a href="https://shop.example/privacy" target="_blank" rel="noopener noreferrer">Privacy Policy</a>',
    )
    const buttons = walletButtons(html)
    expect(buttons).toHaveLength(3)
    for (const button of buttons) {
      expect(button).toContain('disabled=""')
      // Screen readers hear why: the checkbox's label.
      expect(button).toMatch(/aria-describedby="[^"]+"/)
    }
  })

  it('links only what is configured, and says so', () => {
    const html = render({ legal: { termsUrl: undefined, privacyUrl: 'https://shop.example/p' } })
    expect(html).toContain('I agree to the Privacy Policy')
    expect(html).not.toContain('Terms of Service')
  })

  it('once agreed (earlier in this tab), the wallet buttons are enabled', () => {
    const html = render({
      legal: { termsUrl: 'https://shop.example/terms', privacyUrl: undefined },
      legalAccepted: true,
    })
    expect(html).toContain('checked=""')
    for (const button of walletButtons(html)) expect(button).not.toContain('disabled')
  })
})

describe('ConnectView Solana and Bitcoin wallets', () => {
  it('a wallet of several namespaces shows a badge per namespace; the intro line shows above', () => {
    const html = render({
      intro: 'Connect a Solana wallet.',
      allWallets: undefined,
      wallets: [
        {
          ...wallet('Latch Devnet Wallet', 'installed'),
          namespaces: ['solana', 'bip122'],
        },
      ],
    })
    expect(html).toContain(
      '<p class="latch-connect__intro" data-testid="connect-intro">Connect a Solana wallet.</p>',
    )
    expect(html.match(/latch-wallet__namespace latch-wallet__namespace--\w+">(\w+)</g)).toEqual([
      'latch-wallet__namespace latch-wallet__namespace--solana">Solana<',
      'latch-wallet__namespace latch-wallet__namespace--bip122">Bitcoin<',
    ])
    expect(render({})).not.toContain('latch-wallet__namespace')
  })
})
