import { createModalRouter, type ModalView, modalViews } from '@latch/core'
import { isValidElement } from 'react'
import { describe, expect, it } from 'vitest'
import { en } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'
import { type ModalViewContext, modalRoutes } from './modalRoutes.tsx'
import { NotYetRoutableView } from './NotYetRoutableView.tsx'
import { resolveModalRoute } from './resolveModalRoute.tsx'

/** The modal views named in spec section 2, word for word. */
const specViews = [
  'Connect',
  'Account',
  'AllWallets',
  'ConnectingWalletConnectBasic',
  'ConnectingWalletConnect',
  'ConnectingExternal',
  'ConnectingSiwe',
  'ConnectingFarcaster',
  'UnsupportedChain',
  'RegisterAccountName',
  'RegisterAccountNameSuccess',
  'SIWXSignMessage',
  'ApproveTransaction',
]
/** Latch's own views (network picker, send, receive, sign-in sessions). */
const latchViews = ['Networks', 'Send', 'Receive', 'Sessions']
/** The embedded wallet's email views (AppKit's names). */
const emailViews = [
  'EmailVerifyOtp',
  'EmailVerifyDevice',
  'UpdateEmailWallet',
  'UpdateEmailPrimaryOtp',
  'UpdateEmailSecondaryOtp',
]
/** The embedded wallet's social sign-in (Farcaster's is the spec's ConnectingFarcaster). */
const socialViews = ['ConnectingSocial']

const swapViews = ['Swap', 'SwapSelectToken']
const onrampViews = ['Buy']

const noop = () => {}
const router = createModalRouter()
const context: ModalViewContext = {
  t: (key, values) => translate(en, key, values),
  flow: {
    route: { view: 'Connect' },
    canGoBack: true,
    select: noop,
    retry: noop,
    push: router.push,
    back: noop,
    close: noop,
    attempt: 0,
  },
  route: { view: 'ConnectingExternal', wallet: { id: 'w', name: 'Test Wallet', icon: '' } },
  connector: undefined,
  walletName: 'Test Wallet',
  pairingUri: undefined,
  attempt: { status: 'pending' },
  errorMessage: undefined,
  isPhone: false,
  clipboard: { copy: noop, copied: false },
  onGetWallet: undefined,
}

describe('modalRoutes', () => {
  it.each([
    ...specViews,
    ...latchViews,
    ...emailViews,
    ...socialViews,
    ...swapViews,
    ...onrampViews,
  ])('has an entry for %s', (view) => {
    expect(Object.hasOwn(modalRoutes, view), `no route for ${view}`).toBe(true)
    expect(modalViews).toContain(view)
  })

  it('maps exactly the views core knows, none missing and none stale', () => {
    expect(Object.keys(modalRoutes).sort()).toEqual([...modalViews].sort())
    expect([...modalViews].sort()).toEqual(
      [
        ...specViews,
        ...latchViews,
        ...emailViews,
        ...socialViews,
        ...swapViews,
        ...onrampViews,
      ].sort(),
    )
  })

  it('gives every routable view a title in the message table and a body', () => {
    for (const view of modalViews) {
      const entry = modalRoutes[view]
      if (entry.status !== 'routable') continue
      const title = entry.title(context)
      expect(title, view).toMatch(/\S/)
      expect(title, view).not.toMatch(/^[a-z]+\.[a-zA-Z.]+$/) // not a raw message key
      expect(isValidElement(entry.render(context)), view).toBe(true)
    }
  })

  it('lists the views not built yet with a reason, and shows a placeholder for them', () => {
    const pending = modalViews.filter((view) => modalRoutes[view].status === 'notYetRoutable')
    // Every view is built (ConnectingFarcaster came with social sign-in).
    expect(pending).toEqual([])
    for (const view of pending) {
      const entry = modalRoutes[view]
      if (entry.status === 'notYetRoutable') expect(entry.reason).toMatch(/\S{10}/)
      const resolved = resolveModalRoute(view, context)
      expect(resolved.title).toBe('Not available')
      expect(resolved.back).toBe(true)
      expect(isValidElement(resolved.body)).toBe(true)
      if (isValidElement<{ view: ModalView }>(resolved.body)) {
        expect(resolved.body.type).toBe(NotYetRoutableView)
        expect(resolved.body.props.view).toBe(view)
      }
    }
  })

  it('offers Back except where the view ends on its own (transaction, sign-in)', () => {
    const noBack = modalViews.filter((view) => !resolveModalRoute(view, context).back)
    expect(noBack).toEqual(['ConnectingSiwe', 'SIWXSignMessage', 'ApproveTransaction'])
  })

  it('titles a Connecting view with the wallet', () => {
    expect(resolveModalRoute('ConnectingExternal', context).title).toBe('Test Wallet')
    expect(resolveModalRoute('ConnectingWalletConnectBasic', context).title).toBe(
      en['walletConnect.title'],
    )
  })
})
