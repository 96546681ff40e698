import type { LatchConfig, ModalRouter } from '@latch/core'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { LatchContext } from '../context.ts'
import { ar } from '../i18n/ar.ts'
import { en, type Messages } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'
import { AccountView } from './AccountView.tsx'
import { SmartAccountToggle, type SmartAccountToggleProps } from './SmartAccountToggle.tsx'

const eoa = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const smartAccount = '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf'
const noop = () => {}

const render = (node: ReactNode, messages: Messages = en) =>
  renderToStaticMarkup(
    <LatchContext.Provider
      value={{
        config: { apiUrl: 'http://api.test' } as LatchConfig,
        modal: {} as ModalRouter,
        i18n: {
          locale: messages === ar ? 'ar' : 'en',
          dir: messages === ar ? 'rtl' : 'ltr',
          t: (key, values) => translate(messages, key, values),
        },
        queryClient: { current: undefined },
      }}
    >
      {node}
    </LatchContext.Provider>,
  )

const toggle = (props: Partial<SmartAccountToggleProps> = {}, messages?: Messages) =>
  render(
    <SmartAccountToggle
      active="smartAccount"
      addresses={{ eoa, smartAccount }}
      onSwitch={noop}
      onCopy={noop}
      {...props}
    />,
    messages,
  )

test('shows both addresses, shortened with the full one for screen readers, the one in use marked', () => {
  const html = toggle()
  expect(html).toContain('<h3')
  expect(html).toContain('Account type')
  expect(html).toMatch(
    /data-testid="account-type-smartAccount" aria-current="true"|aria-current="true" data-testid="account-type-smartAccount"/,
  )
  expect(html).not.toMatch(/aria-current="true"[^>]*data-testid="account-type-eoa"/)
  expect(html).toContain('0x7E5F…5Bdf')
  expect(html).toContain(`<span class="latch-visually-hidden">${smartAccount}</span>`)
  expect(html).toContain('0xf39F…2266')
  expect(html).toContain(`title="${eoa}"`)
  expect(html).toContain('aria-label="Copy smart account address"')
  expect(html).toContain('aria-label="Copy EOA address"')
  expect(html).toContain('In use')
})

test('the button offers the other account: "Switch to your EOA" / "Switch to your smart account"', () => {
  expect(toggle({ active: 'smartAccount' })).toContain('Switch to your EOA')
  expect(toggle({ active: 'eoa' })).toContain('Switch to your smart account')
  expect(toggle({ active: 'eoa' })).toMatch(
    /aria-current="true"[^>]*data-testid="account-type-eoa"/,
  )
})

test('while switching the button stays focusable, marked busy; copies and switches are announced', () => {
  const busy = toggle({ switching: true })
  expect(busy).toMatch(
    /<button[^>]*aria-disabled="true"[^>]*aria-busy="true"[^>]*account-switch-account-type/,
  )
  expect(busy).not.toMatch(/<button[^>]*disabled=""[^>]*account-switch-account-type/)
  expect(toggle({ copied: eoa })).toContain('role="status">Address copied.</p>')
  expect(toggle({ announcement: 'Now using your smart account.' })).toContain(
    'role="status">Now using your smart account.</p>',
  )
})

test('speaks Arabic with the addresses kept left to right', () => {
  const html = toggle({ active: 'eoa' }, ar)
  expect(html).toContain('التبديل إلى حسابك الذكي')
  expect(html).toMatch(/dir="ltr"[^>]*data-testid="account-type-eoa-address"/)
})

test('the account panel places it under the embedded wallet, before the network', () => {
  const html = render(
    <AccountView
      address={smartAccount}
      networkName="Latch Devnet"
      chainId={31337}
      balance={{ status: 'pending' }}
      onDisconnect={noop}
      embedded={{ email: 'ada@example.com', onUpdateEmail: undefined, onExportKey: noop }}
      accountType={
        <SmartAccountToggle
          active="smartAccount"
          addresses={{ eoa, smartAccount }}
          onSwitch={noop}
          onCopy={noop}
        />
      }
    />,
  )
  const embedded = html.indexOf('data-testid="account-embedded"')
  const type = html.indexOf('data-testid="account-smart-account"')
  const network = html.indexOf('data-testid="account-network"')
  expect(embedded).toBeGreaterThan(-1)
  expect(type).toBeGreaterThan(embedded)
  expect(network).toBeGreaterThan(type)
})
