import type { LatchConfig, ModalRouter } from '@latch/core'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { LatchContext } from '../context.ts'
import { en } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'
import { type AccountBalance, AccountView } from './AccountView.tsx'

const render = (balance: AccountBalance, extra: { identityPending?: boolean } = {}) =>
  renderToStaticMarkup(
    <LatchContext.Provider
      value={{
        config: { apiUrl: 'http://api.test' } as LatchConfig,
        modal: {} as ModalRouter,
        i18n: { locale: 'en', dir: 'ltr', t: (key, values) => translate(en, key, values) },
        queryClient: { current: undefined },
      }}
    >
      <AccountView
        address="0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
        networkName="Latch Devnet"
        chainId={31337}
        balance={balance}
        onDisconnect={() => {}}
        {...extra}
      />
    </LatchContext.Provider>,
  )

test("the fiat total carries the currency's image, the network chip the network's", () => {
  const html = render({
    status: 'success',
    amount: '1.000',
    symbol: 'ETH',
    total: '€2,000.00',
    currencyIconUrl: 'http://api.test/public/getCurrencyImage/EUR',
  })
  expect(html).toMatch(
    /data-testid="account-total"><img class="latch-account__currency" src="http:\/\/api.test\/public\/getCurrencyImage\/EUR"/,
  )
  expect(html).toContain('src="http://api.test/public/getAssetImage/eip155:31337"')
  expect(
    render({ status: 'success', amount: '1.000', symbol: 'ETH', total: '€2,000.00' }),
  ).not.toContain('account-currency-icon')
})

test('while the name is looked up, its line is held open so nothing shifts under a click', () => {
  const balance: AccountBalance = { status: 'success', amount: '1.000', symbol: 'ETH' }
  expect(render(balance, { identityPending: true })).toContain(
    'data-testid="account-name-placeholder"',
  )
  expect(render(balance)).not.toContain('account-name-placeholder')
})
