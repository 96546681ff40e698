import type { LatchConfig, ModalRouter } from '@latch/core'
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { AccountView } from '../account/AccountView.tsx'
import { ConnectView } from '../connect/ConnectView.tsx'
import { LatchContext } from '../context.ts'
import { ar } from '../i18n/ar.ts'
import { en, type Messages } from '../i18n/en.ts'
import { es } from '../i18n/es.ts'
import { translate } from '../i18n/locales.ts'
import { EmailField } from './EmailField.tsx'
import { EmailOtpView, type EmailOtpViewProps } from './EmailOtpView.tsx'
import { EmailVerifyDeviceView } from './EmailVerifyDeviceView.tsx'
import { toOtpDigits } from './OtpInput.tsx'

function render(node: ReactNode, messages: Messages = en): string {
  return renderToStaticMarkup(
    <LatchContext.Provider
      value={{
        config: { apiUrl: 'http://api.test' } as LatchConfig,
        modal: {} as ModalRouter,
        i18n: {
          locale: 'en',
          dir: 'ltr',
          t: (key, values) => translate(messages, key, values),
        },
        queryClient: { current: undefined },
      }}
    >
      {node}
    </LatchContext.Provider>,
  )
}

const noop = () => {}
const field = <EmailField value="ada@example.com" onChange={noop} onSubmit={noop} busy={false} />

describe('the email method on the Connect view', () => {
  const view = (methods: ('email' | 'wallet')[], legal = false) =>
    render(
      <ConnectView
        methods={methods}
        email={field}
        wallets={[]}
        loadingWallets={false}
        allWallets={undefined}
        legal={
          legal ? { termsUrl: 'https://shop.example/terms', privacyUrl: undefined } : undefined
        }
        onSelect={noop}
        onAllWallets={noop}
      />,
    )

  it('takes its place in the configured order', () => {
    const first = view(['email', 'wallet'])
    expect(first.indexOf('email-input')).toBeLessThan(first.indexOf('latch-connect__wallets'))
    const last = view(['wallet', 'email'])
    expect(last.indexOf('email-input')).toBeGreaterThan(last.indexOf('latch-connect__wallets'))
    expect(view(['wallet'])).not.toContain('email-input')
  })

  it('is locked with the wallets until the legal checkbox is ticked', () => {
    expect(view(['email', 'wallet'], true)).toMatch(
      /<fieldset class="latch-connect__method" disabled="" aria-describedby="[^"]+">/,
    )
    expect(view(['email', 'wallet'])).toContain('<fieldset class="latch-connect__method">')
  })

  it('has a labelled email input and Continue; an error is tied to the field', () => {
    const html = render(field)
    expect(html).toMatch(/<label class="latch-visually-hidden" for="([^"]+)">Email<\/label>/)
    expect(html).toContain('type="email"')
    expect(html).toContain('autoComplete="email"')
    expect(html).toContain('data-testid="email-input"')
    expect(html).toMatch(
      /<button type="submit"[^>]*data-testid="email-continue">Continue<\/button>/,
    )
    const failed = render(
      <EmailField
        value="x"
        onChange={noop}
        onSubmit={noop}
        busy={false}
        error="Enter a valid email address."
      />,
    )
    expect(failed).toContain('aria-invalid="true"')
    expect(failed).toMatch(/role="alert" data-testid="email-error">Enter a valid email address.</)
    // Nothing typed, or a request under way: Continue waits.
    expect(render(<EmailField value=" " onChange={noop} onSubmit={noop} busy={false} />)).toMatch(
      /<button type="submit"[^>]*disabled=""/,
    )
  })
})

describe('the code step', () => {
  const step = (extra: Partial<EmailOtpViewProps> = {}, messages: Messages = en) =>
    render(
      <EmailOtpView
        text={translate(messages, 'emailOtp.text', { email: 'ada@example.com' })}
        value=""
        setValue={noop}
        complete={noop}
        busy={false}
        error={undefined}
        alert={undefined}
        resend={{ secondsLeft: 0, sending: false, resent: false, onResend: noop }}
        {...extra}
      />,
      messages,
    )

  it('keeps the digits of what is typed or pasted, six at most', () => {
    expect(toOtpDigits('123456')).toBe('123456')
    expect(toOtpDigits('Code: 123 456')).toBe('123456')
    expect(toOtpDigits('12-34-56-78')).toBe('123456')
    expect(toOtpDigits('abc')).toBe('')
  })

  it('asks for the code sent to the email, in a field phones can fill from the SMS or mail', () => {
    const html = step()
    expect(html).toContain('Enter the 6-digit code we sent to ada@example.com.')
    expect(html).toMatch(/<label class="latch-otp__label" for="[^"]+">One-time code<\/label>/)
    expect(html).toContain('inputMode="numeric"')
    expect(html).toContain('autoComplete="one-time-code"')
    expect(html).toContain('data-testid="otp-input"')
  })

  it('counts the resend cooldown down, then offers Resend code', () => {
    expect(
      step({ resend: { secondsLeft: 12, sending: false, resent: false, onResend: noop } }),
    ).toMatch(
      /<button type="button" class="latch-link latch-email-step__resend" disabled="" data-testid="otp-resend">Resend code in 12 s<\/button>/,
    )
    const ready = step()
    expect(ready).toContain('data-testid="otp-resend">Resend code</button>')
    expect(ready).not.toMatch(/disabled=""[^>]*data-testid="otp-resend"/)
    expect(
      step({ resend: { secondsLeft: 30, sending: false, resent: true, onResend: noop } }),
    ).toContain('A new code is on its way.')
  })

  it("shows a wrong code's sentence, and the frame's alerts", () => {
    expect(step({ error: 'Wrong code. 4 tries left.' })).toMatch(
      /role="alert" data-testid="otp-error">Wrong code. 4 tries left.</,
    )
    const alert = step({
      alert: { title: 'Embedded Wallet Request Timed Out', text: 'Try again.' },
    })
    expect(alert).toContain('data-testid="latch-alert"')
    expect(alert).toContain('Embedded Wallet Request Timed Out')
  })

  it('speaks Spanish and Arabic too', () => {
    expect(step({}, es)).toContain('Escribe el código de 6 dígitos que enviamos a ada@example.com.')
    expect(step({}, ar)).toContain('إعادة إرسال الرمز')
  })
})

describe('device approval', () => {
  it('says where the link went and continues from there', () => {
    const html = render(
      <EmailVerifyDeviceView
        email="ada@example.com"
        busy={false}
        stillWaiting={false}
        error={undefined}
        alert={undefined}
        onContinue={noop}
      />,
    )
    expect(html).toContain('open the link we sent to ada@example.com')
    expect(html).toMatch(/data-testid="email-device-continue">Continue<\/button>/)
  })
})

describe('the account panel of the email wallet', () => {
  const account = (embedded: boolean) =>
    render(
      <AccountView
        address="0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
        networkName="Latch Devnet"
        chainId={31337}
        balance={{ status: 'pending' }}
        onDisconnect={noop}
        embedded={
          embedded
            ? { email: 'ada@example.com', onUpdateEmail: noop, onExportKey: noop }
            : undefined
        }
      />,
    )

  it('shows the email, Update email, Export key and Sign out (in place of Disconnect)', () => {
    const html = account(true)
    expect(html).toMatch(/data-testid="account-email" dir="ltr">ada@example.com</)
    expect(html).toContain('data-testid="account-update-email">Update email</button>')
    expect(html).toContain('data-testid="account-export-key">Export key</button>')
    expect(html).toContain('data-testid="account-sign-out">Sign out</button>')
    expect(html).toMatch(/aria-label="Sign out" title="Sign out" data-testid="account-disconnect"/)
  })

  it('shows none of it for another wallet', () => {
    const html = account(false)
    expect(html).not.toContain('account-embedded')
    expect(html).toMatch(
      /aria-label="Disconnect" title="Disconnect" data-testid="account-disconnect"/,
    )
  })
})
