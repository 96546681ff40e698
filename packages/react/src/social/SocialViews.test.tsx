import {
  createModalRouter,
  type LatchConfig,
  type ModalRouter,
  resolveOptions,
  type SocialProvider,
} from '@latch/core'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AccountView } from '../account/AccountView.tsx'
import { getSocialAccount } from '../account/getSocialAccount.ts'
import { ConnectView } from '../connect/ConnectView.tsx'
import { LatchContext } from '../context.ts'
import { en } from '../i18n/en.ts'
import { translate } from '../i18n/locales.ts'
import { ConnectingFarcasterView } from './ConnectingFarcasterView.tsx'
import { ConnectingSocialView } from './ConnectingSocialView.tsx'
import { getSocialProviders } from './getSocialProviders.ts'
import { returnToConnect } from './returnToConnect.ts'
import { SocialButtons } from './SocialButtons.tsx'

function render(node: ReactNode): string {
  return renderToStaticMarkup(
    <LatchContext.Provider
      value={{
        config: { apiUrl: 'http://api.test' } as LatchConfig,
        modal: {} as ModalRouter,
        i18n: { locale: 'en', dir: 'ltr', t: (key, values) => translate(en, key, values) },
        queryClient: { current: undefined },
      }}
    >
      {node}
    </LatchContext.Provider>,
  )
}

const noop = () => {}
const all: SocialProvider[] = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook']
const buttons = (html: string) => html.match(/<button[^>]*>.*?<\/button>/g) ?? []
/** A button's accessible name: its aria-label, else its text. */
const nameOf = (button: string) =>
  /aria-label="([^"]+)"/.exec(button)?.[1] ?? button.replace(/<[^>]+>/g, '').trim()

describe('SocialButtons', () => {
  it('shows the first provider full width, three more as icons and the rest under "more"', () => {
    const html = render(<SocialButtons providers={all} onSelect={noop} />)
    const names = buttons(html).map(nameOf)
    expect(names).toEqual([
      'Continue with Google',
      'Sign in with X',
      'Sign in with Discord',
      'Sign in with Farcaster',
      'More sign-in options',
      'GitHub',
      'Apple',
      'Facebook',
    ])
    // "more" controls the hidden list of the rest.
    const more = buttons(html).find((button) => button.includes('social-more')) ?? ''
    expect(more).toContain('aria-expanded="false"')
    const controls = /aria-controls="([^"]+)"/.exec(more)?.[1]
    expect(html).toContain(`<div class="latch-social__more" id="${controls}" hidden="">`)
    expect(html).toContain('aria-label="Sign in with a social account"')
  })

  it('shows up to four icons without "more", any count from one', () => {
    const names = (providers: SocialProvider[]) =>
      buttons(render(<SocialButtons providers={providers} onSelect={noop} />)).map(nameOf)
    expect(names(['github'])).toEqual(['Continue with GitHub'])
    expect(names(['google', 'x', 'discord', 'farcaster', 'github'])).toEqual([
      'Continue with Google',
      'Sign in with X',
      'Sign in with Discord',
      'Sign in with Farcaster',
      'Sign in with GitHub',
    ])
    expect(names(['google', 'x', 'discord', 'farcaster', 'github', 'apple'])).toContain(
      'More sign-in options',
    )
    expect(render(<SocialButtons providers={[]} onSelect={noop} />)).toBe('')
  })

  it('shows the last failure as an alert, and is locked with the legal checkbox', () => {
    const html = render(
      <SocialButtons
        providers={['google', 'github']}
        onSelect={noop}
        error="You declined the sign-in with Google."
        disabled={{ describedBy: 'legal' }}
      />,
    )
    expect(html).toContain(
      '<p class="latch-social__error" role="alert" data-testid="social-error">You declined the sign-in with Google.</p>',
    )
    for (const button of buttons(html)) expect(button).toMatch(/disabled=""/)
  })
})

describe('the social method on the Connect view', () => {
  const view = (methods: ('email' | 'social' | 'wallet')[]) =>
    render(
      <ConnectView
        methods={methods}
        social={() => <SocialButtons providers={['google']} onSelect={noop} />}
        wallets={[]}
        loadingWallets={false}
        allWallets={undefined}
        onSelect={noop}
        onAllWallets={noop}
      />,
    )

  it('takes its place in the configured order', () => {
    const html = view(['social', 'wallet'])
    expect(html.indexOf('connect-social')).toBeLessThan(html.indexOf('latch-connect__wallets'))
    expect(view(['wallet', 'social']).indexOf('connect-social')).toBeGreaterThan(
      view(['wallet', 'social']).indexOf('latch-connect__wallets'),
    )
    expect(view(['wallet'])).not.toContain('connect-social')
  })
})

describe('getSocialProviders', () => {
  it("offers the app's socials that the auth backend has, in the app's order", () => {
    const options = resolveOptions()
    expect(getSocialProviders(options, ['github', 'google', 'farcaster'])).toEqual([
      'google',
      'farcaster',
      'github',
    ])
    expect(getSocialProviders(options, [])).toEqual([])
    expect(getSocialProviders(resolveOptions({ socials: ['github', 'x'] }), all)).toEqual([
      'github',
      'x',
    ])
    expect(
      getSocialProviders(resolveOptions({ features: { socials: false } }), ['google']),
    ).toEqual([])
  })
})

describe('ConnectingSocialView', () => {
  it('says where to continue while the person is at the provider, with Cancel', () => {
    const html = render(<ConnectingSocialView provider="github" status="pending" onCancel={noop} />)
    expect(html).toContain('Continue in the GitHub window')
    expect(html).toContain('role="status"')
    expect(buttons(html).map(nameOf)).toEqual(['Cancel'])
  })

  it('says the wallet is opening once the provider answered', () => {
    const html = render(
      <ConnectingSocialView provider="google" status="connecting" onCancel={noop} />,
    )
    expect(html).toContain('Opening your wallet…')
    expect(html).not.toContain('window')
  })
})

describe('ConnectingFarcasterView', () => {
  const url = 'http://127.0.0.1:4180/~/siwf?channelToken=t1'

  it('shows the channel URL (QR code), Copy link, Open Farcaster and the wait', () => {
    const html = render(
      <ConnectingFarcasterView url={url} status="pending" onCopy={noop} copied={false} />,
    )
    expect(html).toContain(`data-farcaster-url="${url.replace(/&/g, '&amp;')}"`)
    expect(html).toContain('Copy link')
    expect(html).toMatch(
      /<a class="latch-button latch-button--primary" href="http:\/\/127\.0\.0\.1:4180\/~\/siwf\?channelToken=t1" target="_blank" rel="noopener noreferrer"[^>]*>Open Farcaster<\/a>/,
    )
    expect(html).toContain('Waiting for you to sign in with Farcaster…')
  })

  it('prepares until the frame answered the URL', () => {
    const html = render(
      <ConnectingFarcasterView url={undefined} status="pending" onCopy={noop} copied={false} />,
    )
    expect(html).toContain('Preparing the sign-in…')
    expect(html).not.toContain('Open Farcaster')
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Copy link<\/button>/)
  })
})

describe('returnToConnect', () => {
  it('goes back to the Connect view without the Farcaster back rule', () => {
    let cleared = 0
    const router = createModalRouter({ clearFarcasterUrl: () => (cleared += 1) })
    router.open()
    router.push({ view: 'ConnectingFarcaster', socialProvider: 'farcaster' })
    returnToConnect(router)
    expect(router.getState().history).toEqual([{ view: 'Connect' }])
    expect(cleared).toBe(0)
    // Another view meanwhile (the person moved on): left alone.
    router.push({ view: 'AllWallets' })
    returnToConnect(router)
    expect(router.getState().history.at(-1)?.view).toBe('AllWallets')
    // Opened by a redirect's return: no Connect to go back to.
    router.open({ view: 'ConnectingSocial', socialProvider: 'github' })
    returnToConnect(router)
    expect(router.getState().history).toEqual([{ view: 'Connect' }])
  })
})

describe('the account panel of a social sign-in', () => {
  it('names the social username and provider, without Update email', () => {
    const social = getSocialAccount({
      email: null,
      username: 'ada',
      signInMethod: 'github',
      address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      chainId: 1,
      preferredAccountType: 'eoa',
    })
    expect(social).toEqual({ username: 'ada', provider: 'GitHub' })
    const html = render(
      <AccountView
        address="0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
        networkName="Latch Devnet"
        chainId={31337}
        balance={{ status: 'pending' }}
        onDisconnect={noop}
        embedded={{
          email: undefined,
          social,
          onUpdateEmail: noop,
          onExportKey: noop,
        }}
      />,
    )
    expect(html).toContain('data-testid="account-social" dir="ltr">ada · GitHub</p>')
    // No email yet: exporting the key needs one, so the panel offers to add it.
    expect(html).toContain('data-testid="account-update-email">Add email</button>')
    expect(getSocialAccount(undefined)).toBeUndefined()
  })
})
