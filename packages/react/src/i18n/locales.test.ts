import { describe, expect, it } from 'vitest'
import { createI18n } from './createI18n.ts'
import { en } from './en.ts'
// The later views' English strings, as their chunks bring them (messageSplit.test.ts).
import './laterMessages.ts'
import { loadLocaleMessages, locales, pickLocale, translate } from './locales.ts'

describe('pickLocale', () => {
  it('prefers the configured locale, then the browser languages, then English', () => {
    expect(pickLocale(['es-MX', 'en'], 'ar')).toBe('ar')
    expect(pickLocale(['fr-FR', 'es-MX', 'en'])).toBe('es')
    expect(pickLocale(['fr-FR'], 'de')).toBe('en')
    expect(pickLocale([])).toBe('en')
  })
})

describe('translate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate(en, 'connecting.continueIn', { wallet: 'Rabby' })).toBe('Continue in Rabby')
    expect(translate(en, 'connecting.continueIn')).toBe('Continue in {wallet}')
  })

  it('keeps every placeholder in every locale', async () => {
    for (const code of Object.keys(locales) as (keyof typeof locales)[]) {
      const messages = await loadLocaleMessages(code)
      for (const [key, text] of Object.entries(en)) {
        const placeholders = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
        expect(placeholders(messages[key as keyof typeof en]), key).toEqual(placeholders(text))
      }
    }
  })

  it('writes Arabic right to left', () => {
    expect(locales.ar.dir).toBe('rtl')
  })
})

describe('createI18n', () => {
  it('picks the configured locale over the browser and speaks it with its direction', async () => {
    await loadLocaleMessages('ar')
    await loadLocaleMessages('es')
    const arabic = createI18n('ar-EG', ['es-ES'])
    expect(arabic).toMatchObject({ locale: 'ar', dir: 'rtl' })
    expect(arabic.t('account.disconnect')).toBe('قطع الاتصال')
    const spanish = createI18n(undefined, ['fr-FR', 'es-419'])
    expect(spanish).toMatchObject({ locale: 'es', dir: 'ltr' })
    expect(spanish.t('networks.switched', { network: 'Base' })).toBe('Cambiado a Base')
    expect(createI18n('xx', []).locale).toBe('en')
  })

  it('has the spec wording in English', () => {
    const { t } = createI18n('en', [])
    expect(t('unsupportedChain.text')).toBe(
      "This app doesn't support your current network. Switch to an available option to continue.",
    )
    expect(t('error.switchChainFailed', { chainId: 10 })).toBe(
      'Failed to switch to chain eip155:10. The chain is not approved or the wallet does not support wallet_switchEthereumChain method.',
    )
  })
})
