import { describe, expect, it } from 'vitest'
import { en } from './en.ts'
import { locales, pickLocale, translate } from './locales.ts'

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

  it('keeps every placeholder in every locale', () => {
    for (const { messages } of Object.values(locales))
      for (const [key, text] of Object.entries(en)) {
        const placeholders = (value: string) => [...value.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
        expect(placeholders(messages[key as keyof typeof en]), key).toEqual(placeholders(text))
      }
  })

  it('writes Arabic right to left', () => {
    expect(locales.ar.dir).toBe('rtl')
  })
})
