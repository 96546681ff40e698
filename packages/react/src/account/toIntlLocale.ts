import type { LocaleCode } from '../i18n/locales.ts'

/**
 * The BCP 47 locale numbers and dates are formatted in: English as en-US (the spec's default
 * number format), the others as their language.
 */
export function toIntlLocale(locale: LocaleCode): string {
  return locale === 'en' ? 'en-US' : locale
}
