import type { LatchConfig, ModalRouter } from '@latch/core'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LatchContext } from '../context.ts'
import { en } from '../i18n/en.ts'
import type { LocaleCode } from '../i18n/locales.ts'
import { translate } from '../i18n/locales.ts'
import BuyContainer from './BuyContainer.tsx'
import { BuyView, type BuyViewProps } from './BuyView.tsx'
import { buyMessages } from './buyMessages.ts'

function render(
  node: ReactNode,
  locale: LocaleCode = 'en',
  config = { apiUrl: 'http://api.test' } as LatchConfig,
): string {
  return renderToStaticMarkup(
    <LatchContext.Provider
      value={{
        config,
        modal: {} as ModalRouter,
        i18n: { locale, dir: 'ltr', t: (key, values) => translate(en, key, values) },
        queryClient: { current: undefined },
      }}
    >
      {node}
    </LatchContext.Provider>,
  )
}

const noop = () => {}
const props = (overrides: Partial<BuyViewProps> = {}): BuyViewProps => ({
  options: 'success',
  fallback: false,
  onRetry: noop,
  currencies: [
    { key: 'ETH:latch-devnet', symbol: 'ETH', networkName: 'Latch Devnet' },
    { key: 'LUSD:latch-devnet', symbol: 'LUSD', networkName: 'Latch Devnet' },
  ],
  currencyKey: 'ETH:latch-devnet',
  onCurrencyChange: noop,
  fiatCurrencies: ['USD', 'EUR'],
  fiatCurrency: 'USD',
  onFiatCurrencyChange: noop,
  amount: '100',
  onAmountChange: noop,
  presets: ['50', '100', '250', '500'],
  methods: [
    { id: 'card', label: 'Card', limits: '10–7,500 USD' },
    { id: 'ach_bank_account', label: 'Bank account', limits: '10–25,000 USD' },
  ],
  method: 'card',
  onMethodChange: noop,
  amountError: undefined,
  quotes: {
    status: 'success',
    items: [
      {
        providerId: 'coinbase',
        providerName: 'Coinbase',
        receive: '0.033',
        symbol: 'ETH',
        fee: '$1.00',
        estimated: false,
      },
      {
        providerId: 'moonpay',
        providerName: 'MoonPay',
        receive: '0.0326',
        symbol: 'ETH',
        fee: '$2.00',
        estimated: true,
      },
    ],
  },
  providerId: 'coinbase',
  onProviderChange: noop,
  onContinue: noop,
  purchase: { status: 'idle' },
  failure: undefined,
  onCancel: noop,
  onDone: noop,
  ...overrides,
})
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

describe('BuyView', () => {
  it('labels every control: currency with network, amount, fiat, presets, methods with limits, quotes', () => {
    const html = render(<BuyView {...props()} />)
    expect(html).toMatch(/<label[^>]*for="([^"]+)currency"[^>]*>Buy<\/label>/)
    expect(html).toContain('>ETH on Latch Devnet</option>')
    expect(html).toMatch(/<label[^>]*for="[^"]+amount"[^>]*>Amount<\/label>/)
    expect(html).toContain('aria-label="Pay in"')
    expect(html).toContain('<legend class="latch-visually-hidden">Preset amounts</legend>')
    expect(html).toMatch(/data-testid="buy-preset-100" aria-pressed="true"/)
    expect(text(html)).toContain('Payment method Card 10–7,500 USD Bank account 10–25,000 USD')
    // Each provider's quote with its fees; the estimate marked.
    expect(text(html)).toContain('Coinbase ≈ 0.033 ETH Fee $1.00')
    expect(text(html)).toContain('MoonPay Estimated ≈ 0.0326 ETH Fee $2.00')
    expect(html.match(/data-testid="buy-estimated"/g)).toHaveLength(1)
    expect(html).toMatch(/<button type="submit"[^>]*>Continue to Coinbase<\/button>/)
  })

  it("shows the amount's limit message and holds Continue", () => {
    const html = render(
      <BuyView
        {...props({
          amount: '9000',
          amountError: 'The maximum for Card is 7500 USD',
          quotes: { status: 'idle', items: [] },
        })}
      />,
    )
    expect(html).toContain('aria-invalid="true"')
    expect(html).toContain('The maximum for Card is 7500 USD')
    expect(html).toMatch(/<button type="submit"[^>]*disabled=""/)
  })

  it('says when the options are the default list, and when quotes fail', () => {
    const html = render(
      <BuyView {...props({ fallback: true, quotes: { status: 'error', items: [] } })} />,
    )
    expect(html).toContain('The providers did not answer: showing the default options.')
    expect(html).toContain('No quote is available right now.')
  })

  it('waits for the purchase, then says what arrived', () => {
    const waiting = render(
      <BuyView {...props({ purchase: { status: 'waiting', provider: 'Coinbase' } })} />,
    )
    expect(text(waiting)).toContain('Complete the purchase in the Coinbase window')
    expect(waiting).toMatch(/<button[^>]*data-testid="buy-cancel"[^>]*>Cancel<\/button>/)
    const done = render(
      <BuyView
        {...props({
          purchase: { status: 'purchased', provider: 'MoonPay', amount: '0.0326', symbol: 'ETH' },
        })}
      />,
    )
    expect(text(done)).toContain('Purchase complete 0.0326 ETH arrived from MoonPay.')
  })

  it('options that could not load offer Try again', () => {
    const html = render(<BuyView {...props({ options: 'error' })} />)
    expect(text(html)).toBe('Buy options could not be loaded. Try again')
  })

  it('speaks Spanish and Arabic', () => {
    expect(render(<BuyView {...props()} />, 'es')).toContain('Continuar con Coinbase')
    expect(render(<BuyView {...props()} />, 'ar')).toContain('المتابعة إلى Coinbase')
    for (const table of Object.values(buyMessages))
      expect(Object.keys(table).sort()).toEqual(Object.keys(buyMessages.en).sort())
  })

  it('a person in a restricted time zone gets no on-ramp, even opened by name', () => {
    const here = Intl.DateTimeFormat().resolvedOptions().timeZone
    const config = { apiUrl: 'http://api.test', options: { restrictedTimeZones: [here] } }
    const html = render(<BuyContainer />, 'en', config as unknown as LatchConfig)
    expect(text(html)).toBe('Buying crypto is not available in your region.')
  })
})
